/*
 * The fault plan (docs/faults.md, issue 33 items 1 and 2): its syntax, with
 * the located message of each refusal; device removal with each reason as
 * Windows does it (every device of the adapter reports the reason, fences
 * complete to UINT64_MAX and their events fire, queues, lists and creations
 * answer DXGI_ERROR_DEVICE_REMOVED, the debug layer and the trace record it,
 * a new device recovers); E_OUTOFMEMORY on the N-th call; the plan from
 * MOCKD3D12_FAULTS, inline and "@file"; deterministic counting across threads.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <stdatomic.h>

#include "events.h"
#include "faults.h"
#include "platform.h"
#include "trace.h"

/* winerror.h's (the unit tests do not include libdxgi's headers). */
#ifndef DXGI_STATUS_OCCLUDED
#define DXGI_STATUS_OCCLUDED ((HRESULT)0x087A0001L)
#endif

static int setup(void **state)
{
    (void)state;
    test_unsetenv("MOCKD3D12_FAULTS");
    test_unsetenv("MOCKD3D12_TRACE");
    return quiet_setup(state);
}

static int teardown(void **state)
{
    test_unsetenv("MOCKD3D12_FAULTS");
    test_unsetenv("MOCKD3D12_TRACE");
    return quiet_teardown(state);
}

static const char *temp_dir(void)
{
    const char *dir = getenv("TMPDIR");

    if (!dir || !*dir)
        dir = getenv("TEMP");
    return dir && *dir ? dir : "/tmp";
}

static ID3D12Fence *try_fence(ID3D12Device *device, HRESULT *hr)
{
    ID3D12Fence *fence = SENTINEL;

    *hr = ID3D12Device_CreateFence(device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&fence);
    if (FAILED(*hr))
        assert_null(fence);
    return FAILED(*hr) ? NULL : fence;
}

/* A function, not the COBJMACROS macro, which evaluates its argument twice. */
static void release_fence(ID3D12Fence *fence)
{
    assert_non_null(fence);
    ID3D12Fence_Release(fence);
}

static ID3D12CommandQueue *create_queue(ID3D12Device *device)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandQueue *queue = NULL;

    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    return queue;
}

static HRESULT create_buffer(ID3D12Device *device, ID3D12Resource **out)
{
    D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_UPLOAD, 0, 0, 0, 0};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 65536, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};

    *out = SENTINEL;
    return ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_GENERIC_READ, NULL, &IID_ID3D12Resource, (void **)out);
}

/* ---- The plan's syntax ---- */

static void test_plan_syntax(void **state)
{
    static const struct
    {
        const char *name;
        const char *plan;
        const char *error; /* NULL: accepted */
    }
    rows[] =
    {
        {"hung", "remove:hung@ExecuteCommandLists#3", NULL},
        {"reset", "remove:reset@CreateFence#1", NULL},
        {"internal", "remove:internal@Signal#2", NULL},
        {"invalid", "remove:invalid@Wait#1", NULL},
        {"removed", "remove:removed@CreateHeap#1", NULL},
        {"oom", "oom@CreateCommittedResource#2", NULL},
        {"budget", "budget:1048576@CreateHeap#1", NULL},
        {"two rules", "oom@CreateFence#1;remove:hung@ExecuteCommandLists#3", NULL},
        {"blanks, empty rules", " oom@CreateFence#1 ;; remove:hung@ExecuteCommandLists#3 ; ", NULL},
        {"lines", "oom@CreateFence#1\r\nremove:hung@ExecuteCommandLists#2\n", NULL},
        {"empty", "", NULL},
        {"page fault", "pagefault:0x7fff0000@ExecuteCommandLists#2", NULL},
        {"page fault, decimal", "pagefault:65536@ExecuteCommandLists#1", NULL},
        {"hung at an op", "remove:hung@ExecuteCommandLists#3:op=5", NULL},
        {"page fault at an op", "pagefault:0x10000@ExecuteCommandLists#1:op=0", NULL},
        {"page fault, capital hexadecimal", "pagefault:0XABCDEF0000@ExecuteCommandLists#1", NULL},
        {"page fault, decimal with a leading 0", "pagefault:0123@ExecuteCommandLists#1", NULL},
        {"page fault, 0x alone", "pagefault:0x@ExecuteCommandLists#1", "mockd3d12_set_faults:1:11: pagefault needs a GPU virtual "
                "address, 0x and hexadecimal digits or a decimal number: pagefault:ADDRESS"},
        {"page fault, 17 hexadecimal digits", "pagefault:0x10000000000000000@ExecuteCommandLists#1",
                "mockd3d12_set_faults:1:11: pagefault needs a GPU virtual "
                "address, 0x and hexadecimal digits or a decimal number: pagefault:ADDRESS"},
        {"page fault, a sign", "pagefault:0x1-2@ExecuteCommandLists#1", "mockd3d12_set_faults:1:11: pagefault needs a GPU virtual "
                "address, 0x and hexadecimal digits or a decimal number: pagefault:ADDRESS"},
        {"page fault, 16 hexadecimal digits", "pagefault:0xFFFFFFFFFFFFFFFF@ExecuteCommandLists#1", NULL},
        {"budget past 64 bits", "budget:18446744073709551616@CreateHeap#1", "mockd3d12_set_faults:1:8: budget needs a size in bytes, a "
                "decimal number: budget:BYTES"},
        {"budget, the largest", "budget:18446744073709551615@CreateHeap#1", NULL},
        {"budget empty", "budget:@CreateHeap#1", "mockd3d12_set_faults:1:8: budget needs a size in bytes, a "
                "decimal number: budget:BYTES"},
        {"queue past 32 bits", "remove:hung@Signal#1:queue=4294967296", "mockd3d12_set_faults:1:28: :queue=K counts "
                "the queues the process created from 1: \"4294967296\" is not a number from 1"},
        {"page fault address", "pagefault:0xg@ExecuteCommandLists#1", "mockd3d12_set_faults:1:11: pagefault needs a "
                "GPU virtual address, 0x and hexadecimal digits or a decimal number: pagefault:ADDRESS"},
        {"page fault on a creation", "pagefault:0x10000@CreateFence#1", "mockd3d12_set_faults:1:19: CreateFence "
                "runs no command lists: pagefault applies to ExecuteCommandLists"},
        {"op on a creation", "remove:hung@CreateFence#1:op=2", "mockd3d12_set_faults:1:27: :op=K names where the "
                "GPU stopped: it applies to remove and pagefault rules on ExecuteCommandLists"},
        {"op text", "remove:hung@ExecuteCommandLists#1:op=x", "mockd3d12_set_faults:1:38: :op=K counts the "
                "operations that completed: \"x\" is not a number"},
        {"options", "remove:hung@ExecuteCommandLists#1:op=2:queue=3;oom@any-allocation#2;removed@CreateHeap#1", NULL},
        {"fence values", "remove:hung@Signal=10;remove:reset@Wait=0:queue=2", NULL},
        {"unknown option", "remove:hung@ExecuteCommandLists#1:at=2", "mockd3d12_set_faults:1:35: unknown option "
                "\"at=2\" (:op=K, :queue=K)"},
        {"unknown reason", "remove:hang@ExecuteCommandLists#3", "mockd3d12_set_faults:1:8: unknown removal reason "
                "\"hang\" (remove:hung, remove:reset, remove:internal, remove:invalid or remove:removed)"},
        {"no reason", "remove@CreateFence#1", "mockd3d12_set_faults:1:7: unknown removal reason \"\" (remove:hung, "
                "remove:reset, remove:internal, remove:invalid or remove:removed)"},
        {"unknown fault", "crash@CreateFence#1", "mockd3d12_set_faults:1:1: unknown fault \"crash\" "
                "(remove:REASON, oom, removed, budget:BYTES, pagefault:ADDRESS or occluded)"},
        {"removed on a submission", "removed@ExecuteCommandLists#1", "mockd3d12_set_faults:1:9: ExecuteCommandLists "
                "creates nothing: removed applies to creation methods"},
        {"removed argument", "removed:hung@CreateFence#1", "mockd3d12_set_faults:1:8: removed takes no argument"},
        {"unknown group", "oom@any-thing#1", "mockd3d12_set_faults:1:5: unknown method \"any-thing\" (docs/faults.md "
                "lists the methods a plan can name)"},
        {"occluded at any creation", "occluded@any-creation#1", "mockd3d12_set_faults:1:10: any-creation presents "
                "nothing: occluded applies to Present and Present1"},
        {"queue of a creation", "oom@CreateFence#1:queue=1", "mockd3d12_set_faults:1:19: :queue=K names a command "
                "queue: it applies to ExecuteCommandLists, Signal, Wait, Present and Present1"},
        {"queue 0", "remove:hung@Signal#1:queue=0", "mockd3d12_set_faults:1:28: :queue=K counts the queues the "
                "process created from 1: \"0\" is not a number from 1"},
        {"value of a creation", "oom@CreateFence=3", "mockd3d12_set_faults:1:16: CreateFence takes no fence value: "
                "METHOD=VALUE applies to Signal and Wait"},
        {"value text", "remove:hung@Signal=x:queue=1", "mockd3d12_set_faults:1:20: Signal=VALUE names a fence value: "
                "\"x\" is not a decimal number"},
        {"Signal without a count", "remove:hung@Signal", "mockd3d12_set_faults:1:19: \"Signal\" needs the call that "
                "fails: Signal#N (#1 is the first call) or a fence value: =VALUE"},
        {"second option", "remove:hung@ExecuteCommandLists#1:queue=2:at=1", "mockd3d12_set_faults:1:43: unknown "
                "option \"at=1\" (:op=K, :queue=K)"},
        {"occluded on a creation", "occluded@CreateFence#1", "mockd3d12_set_faults:1:10: CreateFence presents "
                "nothing: occluded applies to Present and Present1"},
        {"occluded argument", "occluded:1@Present#1", "mockd3d12_set_faults:1:9: occluded takes no argument"},
        {"oom on a Present", "oom@Present#1", "mockd3d12_set_faults:1:5: Present creates nothing: oom applies to "
                "creation methods"},
        {"op on a Present", "remove:hung@Present#1:op=1", "mockd3d12_set_faults:1:23: :op=K names where the GPU "
                "stopped: it applies to remove and pagefault rules on ExecuteCommandLists"},
        {"oom argument", "oom:3@CreateFence#1", "mockd3d12_set_faults:1:4: oom takes no argument"},
        {"budget size", "budget:lots@CreateHeap#1", "mockd3d12_set_faults:1:8: budget needs a size in bytes, "
                "a decimal number: budget:BYTES"},
        {"oom on a submission", "oom@ExecuteCommandLists#1", "mockd3d12_set_faults:1:5: ExecuteCommandLists "
                "creates nothing: oom applies to creation methods"},
        {"unknown method", "oom@CreateThing#1", "mockd3d12_set_faults:1:5: unknown method \"CreateThing\" "
                "(docs/faults.md lists the methods a plan can name)"},
        {"no count", "oom@CreateFence", "mockd3d12_set_faults:1:16: \"CreateFence\" needs the call that fails: "
                "CreateFence#N (#1 is the first call)"},
        {"count 0", "oom@CreateFence#0", "mockd3d12_set_faults:1:17: #N counts calls from 1: \"0\" is not a "
                "number from 1"},
        {"count text", "oom@CreateFence#x2", "mockd3d12_set_faults:1:17: #N counts calls from 1: \"x2\" is not a "
                "number from 1"},
        {"no @", "oom@CreateFence#1;remove:hung", "mockd3d12_set_faults:1:19: a rule is FAULT@METHOD#N: "
                "\"remove:hung\" has no '@'"},
        {"second line", "oom@CreateFence#1\n  remove:hung@Present2#1", "mockd3d12_set_faults:2:15: unknown method "
                "\"Present2\" (docs/faults.md lists the methods a plan can name)"},
    };
    struct row_failures failures = {0};
    char expected[512];
    unsigned int i;
    HRESULT hr;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        hr = mockd3d12_set_faults(rows[i].plan);
        if (hr != (rows[i].error ? E_INVALIDARG : S_OK))
            row_fail(&failures, i, rows[i].name, "hr %#x (%s)", (unsigned)hr, mockd3d12_last_error());
        if (!rows[i].error)
            continue;
        snprintf(expected, sizeof(expected), "mockd3d12_set_faults: %s", rows[i].error);
        if (strcmp(mockd3d12_last_error(), expected))
            row_fail(&failures, i, rows[i].name, "message \"%s\", expected \"%s\"", mockd3d12_last_error(), expected);
    }
    rows_done(&failures);
}

/* A refused plan changes nothing: the plan in force goes on counting. */
static void test_bad_plan_keeps_the_plan(void **state)
{
    ID3D12Device *device;
    ID3D12Fence *fence;
    HRESULT hr;

    (void)state;
    device = create_device();
    assert_int_equal(mockd3d12_set_faults("oom@CreateFence#2"), S_OK);
    release_fence(try_fence(device, &hr));
    assert_int_equal(mockd3d12_set_faults("oom@CreateFence#1;bad"), E_INVALIDARG);
    assert_null(try_fence(device, &hr));
    assert_int_equal(hr, E_OUTOFMEMORY);
    fence = try_fence(device, &hr);
    assert_int_equal(hr, S_OK);
    ID3D12Fence_Release(fence);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* mockd3d12_fault_call, the hook of libdxgi's Present: without a plan S_OK
 * whatever it is given; with one, it counts the call on the device of a
 * queue or device of libd3d12 and answers the rule that fires. */
static void test_fault_call_hook(void **state)
{
    ID3D12Device *device, *other;
    ID3D12CommandQueue *queue;
    ID3D12Fence *fence;
    HRESULT hr;

    (void)state;
    device = create_device();
    queue = create_queue(device);
    fence = try_fence(device, &hr);
    assert_int_equal(hr, S_OK);
    assert_int_equal(mockd3d12_fault_call(NULL, NULL), S_OK);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)fence, "IDXGISwapChain::Present"), S_OK);

    assert_int_equal(mockd3d12_set_faults("occluded@Present#2;remove:hung@Present1#2"), S_OK);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)queue, NULL), E_INVALIDARG);
    assert_string_equal(mockd3d12_last_error(), "mockd3d12_fault_call: method is NULL");
    assert_int_equal(mockd3d12_fault_call(NULL, "IDXGISwapChain::Present"), E_INVALIDARG);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)fence, "IDXGISwapChain::Present"), E_INVALIDARG);
    assert_string_equal(mockd3d12_last_error(), "mockd3d12_fault_call: not a device or command queue of libd3d12");
    /* Refused calls are not counted: the queue's is the 1st, the device's the 2nd. */
    assert_int_equal(mockd3d12_fault_call((IUnknown *)queue, "IDXGISwapChain::Present"), S_OK);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)device, "IDXGISwapChain::Present"), DXGI_STATUS_OCCLUDED);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)queue, "IDXGISwapChain::Present"), S_OK);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), S_OK);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)queue, "IDXGISwapChain1::Present1"), S_OK);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)queue, "IDXGISwapChain1::Present1"), DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_HUNG);
    /* A removed device's calls answer the removal. */
    assert_int_equal(mockd3d12_fault_call((IUnknown *)device, "IDXGISwapChain::Present"), DXGI_ERROR_DEVICE_REMOVED);
    /* A new device recovers, and the hook counts it from where the plan is. */
    other = create_device();
    assert_ptr_not_equal(other, device);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)other, "IDXGISwapChain::Present"), S_OK);
    assert_int_equal(ID3D12Device_Release(other), 0);

    ID3D12Fence_Release(fence);
    ID3D12CommandQueue_Release(queue);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* The other sites of a rule: any creation, any allocation, one queue's
 * calls; and DXGI_ERROR_DEVICE_REMOVED from one creation, the device kept. */
static void test_other_sites(void **state)
{
    ID3D12CommandQueue *first, *second;
    ID3D12Resource *buffer = SENTINEL;
    ID3D12Device *device;
    ID3D12Fence *fence;
    HRESULT hr;

    (void)state;
    device = create_device();

    /* The 3rd creation, whichever method: fence, queue, then the buffer. */
    assert_int_equal(mockd3d12_set_faults("oom@any-creation#3"), S_OK);
    fence = try_fence(device, &hr);
    assert_int_equal(hr, S_OK);
    first = create_queue(device);
    assert_int_equal(create_buffer(device, &buffer), E_OUTOFMEMORY);
    assert_null(buffer);
    assert_int_equal(create_buffer(device, &buffer), S_OK);
    ID3D12Resource_Release(buffer);
    ID3D12CommandQueue_Release(first);

    /* The 1st allocation: a fence is none, a committed buffer is. */
    assert_int_equal(mockd3d12_set_faults("oom@any-allocation#1"), S_OK);
    release_fence(try_fence(device, &hr));
    buffer = SENTINEL;
    assert_int_equal(create_buffer(device, &buffer), E_OUTOFMEMORY);
    assert_null(buffer);

    /* removed: the call answers DXGI_ERROR_DEVICE_REMOVED, the device stays. */
    assert_int_equal(mockd3d12_set_faults("removed@CreateFence#2"), S_OK);
    release_fence(try_fence(device, &hr));
    assert_null(try_fence(device, &hr));
    assert_int_equal(hr, DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), S_OK);
    release_fence(try_fence(device, &hr));

    /* One queue's calls: queues are counted from 1 since mockd3d12_reset()
     * (this test made one above), so these are the 2nd and 3rd; the rule
     * counts the 3rd's Signals only. */
    assert_int_equal(mockd3d12_set_faults("remove:hung@Signal#2:queue=3"), S_OK);
    first = create_queue(device);
    second = create_queue(device);
    assert_int_equal(ID3D12CommandQueue_Signal(first, fence, 1), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(second, fence, 2), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(first, fence, 3), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(first, fence, 4), S_OK);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(second, fence, 5), DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_HUNG);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)first, "IDXGISwapChain::Present"), DXGI_ERROR_DEVICE_REMOVED);

    ID3D12CommandQueue_Release(first);
    ID3D12CommandQueue_Release(second);
    ID3D12Fence_Release(fence);
    assert_int_equal(ID3D12Device_Release(device), 0);

    /* A fence value: the first Signal to 3, of any fence and queue. */
    mockd3d12_reset();
    device = create_device();
    first = create_queue(device);
    fence = try_fence(device, &hr);
    assert_int_equal(mockd3d12_set_faults("remove:internal@Signal=3"), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(first, fence, 1), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(first, fence, 2), S_OK);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), S_OK);
    assert_int_equal(ID3D12CommandQueue_Signal(first, fence, 3), DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DRIVER_INTERNAL_ERROR);
    assert_true(ID3D12Fence_GetCompletedValue(fence) == UINT64_MAX);
    ID3D12CommandQueue_Release(first);
    ID3D12Fence_Release(fence);
    assert_int_equal(ID3D12Device_Release(device), 0);

    /* The hook passes a queue's number: occluded at the 1st Present of queue 1. */
    mockd3d12_reset();
    device = create_device();
    first = create_queue(device);
    second = create_queue(device);
    assert_int_equal(mockd3d12_set_faults("occluded@Present#1:queue=1"), S_OK);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)second, "IDXGISwapChain::Present"), S_OK);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)device, "IDXGISwapChain::Present"), S_OK);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)first, "IDXGISwapChain::Present"), DXGI_STATUS_OCCLUDED);
    assert_int_equal(mockd3d12_fault_call((IUnknown *)first, "IDXGISwapChain::Present"), S_OK);
    ID3D12CommandQueue_Release(first);
    ID3D12CommandQueue_Release(second);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Removal with each reason, end to end ---- */

struct removal_objects
{
    ID3D12Device *device;
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12Fence *fence;
    HANDLE event;
};

static void removal_objects_create(struct removal_objects *o)
{
    HRESULT hr;

    o->device = create_device();
    o->queue = create_queue(o->device);
    assert_int_equal(ID3D12Device_CreateCommandAllocator(o->device, D3D12_COMMAND_LIST_TYPE_DIRECT,
            &IID_ID3D12CommandAllocator, (void **)&o->allocator), S_OK);
    assert_int_equal(ID3D12Device_CreateCommandList(o->device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, o->allocator, NULL,
            &IID_ID3D12GraphicsCommandList, (void **)&o->list), S_OK);
    assert_int_equal(ID3D12GraphicsCommandList_Close(o->list), S_OK);
    o->fence = try_fence(o->device, &hr);
    assert_int_equal(hr, S_OK);
    o->event = event_create();
    assert_int_equal(ID3D12Fence_SetEventOnCompletion(o->fence, 1000, o->event), S_OK);
}

static void removal_objects_release(struct removal_objects *o)
{
    event_destroy(o->event);
    ID3D12Fence_Release(o->fence);
    ID3D12GraphicsCommandList_Release(o->list);
    ID3D12CommandAllocator_Release(o->allocator);
    ID3D12CommandQueue_Release(o->queue);
    assert_int_equal(ID3D12Device_Release(o->device), 0);
}

/* What the removed device answers: `failures` gets one line per wrong answer. */
static void check_removed(struct row_failures *failures, unsigned int i, const char *name,
        struct removal_objects *o, HRESULT reason)
{
    ID3D12Resource *buffer;
    HRESULT hr;

    if ((hr = ID3D12Device_GetDeviceRemovedReason(o->device)) != reason)
        row_fail(failures, i, name, "GetDeviceRemovedReason %#x, expected %#x", (unsigned)hr, (unsigned)reason);
    if (ID3D12Fence_GetCompletedValue(o->fence) != UINT64_MAX)
        row_fail(failures, i, name, "the fence is not at UINT64_MAX");
    if (event_wait(o->event, 0) != WAIT_OBJECT_0)
        row_fail(failures, i, name, "the fence's event was not set");
    if ((hr = ID3D12CommandQueue_Signal(o->queue, o->fence, 1)) != DXGI_ERROR_DEVICE_REMOVED)
        row_fail(failures, i, name, "Signal %#x", (unsigned)hr);
    if ((hr = ID3D12CommandQueue_Wait(o->queue, o->fence, 1)) != DXGI_ERROR_DEVICE_REMOVED)
        row_fail(failures, i, name, "Wait %#x", (unsigned)hr);
    if ((hr = ID3D12GraphicsCommandList_Reset(o->list, o->allocator, NULL)) != DXGI_ERROR_DEVICE_REMOVED)
        row_fail(failures, i, name, "Reset %#x", (unsigned)hr);
    if ((hr = ID3D12GraphicsCommandList_Close(o->list)) != DXGI_ERROR_DEVICE_REMOVED)
        row_fail(failures, i, name, "Close %#x", (unsigned)hr);
    if ((hr = create_buffer(o->device, &buffer)) != DXGI_ERROR_DEVICE_REMOVED || buffer)
        row_fail(failures, i, name, "CreateCommittedResource %#x", (unsigned)hr);
}

static void test_removal_reasons(void **state)
{
    static const struct
    {
        const char *name;
        const char *plan;
        HRESULT reason;
        D3D12_MESSAGE_ID message;
        UINT64 generations;     /* how far the adapter's generation moves: removed replaces it */
    }
    rows[] =
    {
        {"hung", "remove:hung@ExecuteCommandLists#2", DXGI_ERROR_DEVICE_HUNG,
                D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_AT_FAULT, 0},
        {"reset", "remove:reset@ExecuteCommandLists#2", DXGI_ERROR_DEVICE_RESET,
                D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_POSSIBLY_AT_FAULT, 0},
        {"internal", "remove:internal@ExecuteCommandLists#2", DXGI_ERROR_DRIVER_INTERNAL_ERROR,
                D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_NOT_AT_FAULT, 0},
        {"invalid", "remove:invalid@ExecuteCommandLists#2", DXGI_ERROR_INVALID_CALL,
                D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_AT_FAULT, 0},
        {"removed", "remove:removed@ExecuteCommandLists#2", DXGI_ERROR_DEVICE_REMOVED,
                D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_NOT_AT_FAULT, 1},
    };
    const char *id = mockd3d12_default_adapter_id();
    struct row_failures failures = {0};
    char expected[512];
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        struct removal_objects o;
        ID3D12CommandList *lists[1];
        ID3D12InfoQueue *info;
        D3D12_MESSAGE_ID message = 0;
        ID3D12Device *again;
        const char *text;
        UINT64 count, before, after, warp_before, warp_after;

        mockd3d12_reset();
        enable_debug_layer();
        removal_objects_create(&o);
        assert_int_equal(mockd3d12_get_adapter_generation(id, &before), S_OK);
        assert_int_equal(mockd3d12_get_adapter_generation("warp", &warp_before), S_OK);
        info = info_queue(o.device);
        ID3D12InfoQueue_ClearStoredMessages(info);
        assert_int_equal(mockd3d12_set_faults(rows[i].plan), S_OK);
        lists[0] = (ID3D12CommandList *)o.list;
        ID3D12CommandQueue_ExecuteCommandLists(o.queue, 1, lists);
        if (ID3D12Device_GetDeviceRemovedReason(o.device) != S_OK || event_wait(o.event, 0) != WAIT_TIMEOUT)
            row_fail(&failures, i, rows[i].name, "removed at the first ExecuteCommandLists");
        ID3D12CommandQueue_ExecuteCommandLists(o.queue, 1, lists);
        check_removed(&failures, i, rows[i].name, &o, rows[i].reason);
        /* The adapter's generation (DXGI's and DXCore's snapshots); the
         * other adapter's stays. */
        assert_int_equal(mockd3d12_get_adapter_generation(id, &after), S_OK);
        assert_int_equal(mockd3d12_get_adapter_generation("warp", &warp_after), S_OK);
        if (after - before != rows[i].generations || warp_after != warp_before)
            row_fail(&failures, i, rows[i].name, "generation moved by %u, WARP's by %u", (unsigned)(after - before),
                    (unsigned)(warp_after - warp_before));

        /* The debug layer's one message. */
        count = ID3D12InfoQueue_GetNumStoredMessages(info);
        text = count ? message_text(info, count - 1, &message) : "";
        snprintf(expected, sizeof(expected), "ID3D12CommandQueue::ExecuteCommandLists: Device removal has been "
                "triggered for the following reason (%s: %s). (mockd3d12's fault plan: %s)",
                mk_trace_hresult_name(rows[i].reason), mk_fault_reason_of(rows[i].reason)->meaning, rows[i].plan);
        if (count != 1 || message != rows[i].message || strcmp(text, expected))
            row_fail(&failures, i, rows[i].name, "%u messages, the last %d \"%s\"", (unsigned)count, (int)message,
                    text);
        ID3D12InfoQueue_Release(info);

        /* Recovery: a new device of the adapter works. */
        again = create_device();
        if (again == o.device || ID3D12Device_GetDeviceRemovedReason(again) != S_OK)
            row_fail(&failures, i, rows[i].name, "no new device after the removal");
        ID3D12Device_Release(again);
        removal_objects_release(&o);
    }
    rows_done(&failures);
}

/* mockd3d12_get_adapter_generation: only a plan's remove:removed moves it;
 * RemoveDevice (one device, DXGI_ERROR_DEVICE_REMOVED) and mockd3d12_reset
 * do not. */
static void test_adapter_generation(void **state)
{
    UINT64 before, after = 0xdeadbeef;
    ID3D12Device5 *device5;
    ID3D12Device *device;
    HRESULT hr;

    (void)state;
    assert_int_equal(mockd3d12_get_adapter_generation(NULL, &after), E_INVALIDARG);
    assert_string_equal(mockd3d12_last_error(), "mockd3d12_get_adapter_generation: id_or_path is NULL");
    assert_int_equal(mockd3d12_get_adapter_generation("warp", NULL), E_INVALIDARG);
    assert_string_equal(mockd3d12_last_error(), "mockd3d12_get_adapter_generation: generation is NULL");
    assert_int_equal(mockd3d12_get_adapter_generation("no-such-adapter", &after), E_INVALIDARG);
    assert_int_equal(after, 0xdeadbeef);

    device = create_device();
    assert_int_equal(mockd3d12_get_adapter_generation(mockd3d12_default_adapter_id(), &before), S_OK);
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    ID3D12Device5_RemoveDevice(device5);
    ID3D12Device5_Release(device5);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(mockd3d12_get_adapter_generation(mockd3d12_default_adapter_id(), &after), S_OK);
    assert_int_equal(after, before);
    assert_int_equal(ID3D12Device_Release(device), 0);

    /* Twice replaced: two generations on, kept across mockd3d12_reset. */
    for (unsigned i = 0; i < 2; ++i)
    {
        device = create_device();
        assert_int_equal(mockd3d12_set_faults("remove:removed@CreateFence#1"), S_OK);
        assert_null(try_fence(device, &hr));
        assert_int_equal(hr, DXGI_ERROR_DEVICE_REMOVED);
        assert_int_equal(ID3D12Device_Release(device), 0);
    }
    mockd3d12_reset();
    assert_int_equal(mockd3d12_get_adapter_generation(mockd3d12_default_adapter_id(), &after), S_OK);
    assert_int_equal(after, before + 2);
}

/* A removal at a creation fails that creation; the plan's removal is the
 * adapter's: every device of it, not another adapter's. */
static void test_removal_is_the_adapters(void **state)
{
    ID3D12SDKConfiguration1 *config;
    ID3D12DeviceFactory *factory;
    ID3D12Device *device, *second, *warp;
    HRESULT hr;

    (void)state;
    device = create_device();
    warp = create_device_on("warp");
    assert_int_equal(D3D12GetInterface(&CLSID_D3D12SDKConfiguration, &IID_ID3D12SDKConfiguration1,
            (void **)&config), S_OK);
    assert_int_equal(config->lpVtbl->CreateDeviceFactory(config, 620, ".\\D3D12\\", &IID_ID3D12DeviceFactory,
            (void **)&factory), S_OK);
    assert_int_equal(factory->lpVtbl->CreateDevice(factory, NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
            (void **)&second), S_OK);
    assert_ptr_not_equal(second, device);

    assert_int_equal(mockd3d12_set_faults("remove:reset@CreateFence#2"), S_OK);
    release_fence(try_fence(warp, &hr));
    assert_null(try_fence(device, &hr));
    assert_int_equal(hr, DXGI_ERROR_DEVICE_REMOVED);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_RESET);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(second), DXGI_ERROR_DEVICE_RESET);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(warp), S_OK);
    assert_null(try_fence(second, &hr));
    assert_int_equal(hr, DXGI_ERROR_DEVICE_REMOVED);
    release_fence(try_fence(warp, &hr));
    assert_int_equal(hr, S_OK);

    ID3D12Device_Release(second);
    factory->lpVtbl->Release(factory);
    config->lpVtbl->Release(config);
    assert_int_equal(ID3D12Device_Release(warp), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Out of memory on the N-th call ---- */

static void test_oom_nth_call(void **state)
{
    static const HRESULT expected[] = {S_OK, E_OUTOFMEMORY, S_OK, S_OK, E_OUTOFMEMORY, S_OK};
    struct row_failures failures = {0};
    ID3D12Device *device, *warp;
    ID3D12Resource *buffer;
    unsigned int i;
    HRESULT hr;

    (void)state;
    device = create_device();
    warp = create_device_on("warp");
    assert_int_equal(mockd3d12_set_faults("oom@CreateCommittedResource#2; oom@CreateCommittedResource#5"), S_OK);
    /* Counted per process: the calls alternate between two adapters' devices. */
    for (i = 0; i < ARRAY_SIZE(expected); ++i)
    {
        hr = create_buffer(i % 2 ? warp : device, &buffer);
        if (hr != expected[i] || (FAILED(hr) && buffer))
            row_fail(&failures, i, "call", "hr %#x, expected %#x", (unsigned)hr, (unsigned)expected[i]);
        if (SUCCEEDED(hr))
            ID3D12Resource_Release(buffer);
    }
    rows_done(&failures);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), S_OK);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(warp), S_OK);
    /* Setting the plan again counts from zero; NULL and "" end it. */
    assert_int_equal(mockd3d12_set_faults("oom@CreateCommittedResource#1"), S_OK);
    assert_int_equal(create_buffer(device, &buffer), E_OUTOFMEMORY);
    assert_int_equal(mockd3d12_set_faults(NULL), S_OK);
    assert_int_equal(create_buffer(device, &buffer), S_OK);
    ID3D12Resource_Release(buffer);
    assert_false(mk_faults_on());
    assert_int_equal(ID3D12Device_Release(warp), 0);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* Each creation method is a site: its first call fails as the plan says,
 * before any check of its arguments (so NULL descriptions do here). */
static HRESULT call_fence(ID3D12Device *d, void **out)
{
    return ID3D12Device_CreateFence(d, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, out);
}

static HRESULT call_queue(ID3D12Device *d, void **out)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};

    return ID3D12Device_CreateCommandQueue(d, &desc, &IID_ID3D12CommandQueue, out);
}

static HRESULT call_allocator(ID3D12Device *d, void **out)
{
    return ID3D12Device_CreateCommandAllocator(d, D3D12_COMMAND_LIST_TYPE_DIRECT, &IID_ID3D12CommandAllocator, out);
}

static HRESULT call_list(ID3D12Device *d, void **out)
{
    return ID3D12Device_CreateCommandList(d, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, NULL, NULL,
            &IID_ID3D12GraphicsCommandList, out);
}

static HRESULT call_descriptor_heap(ID3D12Device *d, void **out)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 4, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};

    return ID3D12Device_CreateDescriptorHeap(d, &desc, &IID_ID3D12DescriptorHeap, out);
}

static HRESULT call_heap(ID3D12Device *d, void **out)
{
    D3D12_HEAP_DESC desc = {65536, {D3D12_HEAP_TYPE_DEFAULT, 0, 0, 0, 0}, 0, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS};

    return ID3D12Device_CreateHeap(d, &desc, &IID_ID3D12Heap, out);
}

static HRESULT call_committed(ID3D12Device *d, void **out)
{
    return create_buffer(d, (ID3D12Resource **)out);
}

static HRESULT call_placed(ID3D12Device *d, void **out)
{
    return ID3D12Device_CreatePlacedResource(d, NULL, 0, NULL, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, out);
}

static HRESULT call_query_heap(ID3D12Device *d, void **out)
{
    D3D12_QUERY_HEAP_DESC desc = {D3D12_QUERY_HEAP_TYPE_OCCLUSION, 4, 0};

    return ID3D12Device_CreateQueryHeap(d, &desc, &IID_ID3D12QueryHeap, out);
}

static HRESULT call_root_signature(ID3D12Device *d, void **out)
{
    return ID3D12Device_CreateRootSignature(d, 0, NULL, 0, &IID_ID3D12RootSignature, out);
}

static HRESULT call_command_signature(ID3D12Device *d, void **out)
{
    return ID3D12Device_CreateCommandSignature(d, NULL, NULL, &IID_ID3D12CommandSignature, out);
}

static HRESULT call_library(ID3D12Device *d, void **out)
{
    ID3D12Device1 *d1;
    HRESULT hr;

    assert_int_equal(ID3D12Device_QueryInterface(d, &IID_ID3D12Device1, (void **)&d1), S_OK);
    hr = ID3D12Device1_CreatePipelineLibrary(d1, NULL, 0, &IID_ID3D12PipelineLibrary, out);
    ID3D12Device1_Release(d1);
    return hr;
}

static HRESULT call_state_object(ID3D12Device *d, void **out)
{
    ID3D12Device5 *d5;
    HRESULT hr;

    assert_int_equal(ID3D12Device_QueryInterface(d, &IID_ID3D12Device5, (void **)&d5), S_OK);
    hr = ID3D12Device5_CreateStateObject(d5, NULL, &IID_ID3D12StateObject, out);
    ID3D12Device5_Release(d5);
    return hr;
}

static void test_creation_sites(void **state)
{
    static const struct
    {
        const char *name;
        HRESULT (*call)(ID3D12Device *device, void **out);
    }
    rows[] =
    {
        {"CreateFence", call_fence},
        {"CreateCommandQueue", call_queue},
        {"CreateCommandAllocator", call_allocator},
        {"CreateCommandList", call_list},
        {"CreateDescriptorHeap", call_descriptor_heap},
        {"CreateHeap", call_heap},
        {"CreateCommittedResource", call_committed},
        {"CreatePlacedResource", call_placed},
        {"CreateQueryHeap", call_query_heap},
        {"CreateRootSignature", call_root_signature},
        {"CreateCommandSignature", call_command_signature},
        {"CreatePipelineLibrary", call_library},
        {"CreateStateObject", call_state_object},
    };
    struct row_failures failures = {0};
    ID3D12Device *device;
    char plan[128];
    unsigned int i;
    void *out;
    HRESULT hr;

    (void)state;
    device = create_device();
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        snprintf(plan, sizeof(plan), "oom@%s#1", rows[i].name);
        assert_int_equal(mockd3d12_set_faults(plan), S_OK);
        out = SENTINEL;
        if ((hr = rows[i].call(device, &out)) != E_OUTOFMEMORY || out)
            row_fail(&failures, i, rows[i].name, "the first call: hr %#x, out %p", (unsigned)hr, out);
        out = NULL;
        if ((hr = rows[i].call(device, &out)) == E_OUTOFMEMORY)
            row_fail(&failures, i, rows[i].name, "the second call failed too");
        if (SUCCEEDED(hr) && out)
            IUnknown_Release((IUnknown *)out);
    }
    rows_done(&failures);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Budgets ---- */

static void count_change(void *context)
{
    atomic_fetch_add((atomic_uint *)context, 1);
}

/* budget:BYTES@METHOD#N: from the N-th call on, the adapter's local budget
 * is BYTES; its watchers (DXGI's budget-change events) are called, and
 * creations past it fail as any creation past the budget does. */
static void test_budget(void **state)
{
    D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, 0, 0, 0, 0};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 65536, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    mockd3d12_video_memory before, memory;
    const char *adapter = mockd3d12_default_adapter_id();
    ID3D12Resource *buffer = NULL;
    ID3D12Device *device;
    atomic_uint changes;
    UINT cookie;
    HRESULT hr;

    (void)state;
    atomic_init(&changes, 0);
    device = create_device();
    assert_int_equal(mockd3d12_get_video_memory(adapter, 0, 0, &before), S_OK);
    assert_true(before.budget > 65536);
    assert_int_equal(mockd3d12_watch_video_memory(adapter, count_change, &changes, &cookie), S_OK);
    assert_int_equal(mockd3d12_set_faults("budget:4096@CreateFence#2"), S_OK);
    release_fence(try_fence(device, &hr));
    assert_int_equal(mockd3d12_get_video_memory(adapter, 0, 0, &memory), S_OK);
    assert_true(memory.budget == before.budget);
    assert_int_equal(atomic_load(&changes), 0);
    release_fence(try_fence(device, &hr));
    assert_int_equal(mockd3d12_get_video_memory(adapter, 0, 0, &memory), S_OK);
    assert_true(memory.budget == 4096);
    assert_true(memory.available_for_reservation == 2048);
    assert_int_equal(atomic_load(&changes), 1);
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&buffer), E_OUTOFMEMORY);
    assert_null(buffer);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), S_OK);
    assert_int_equal(mockd3d12_unwatch_video_memory(cookie), S_OK);
    /* mockd3d12_reset gives the profile's budget back. */
    mockd3d12_reset();
    assert_int_equal(mockd3d12_get_video_memory(adapter, 0, 0, &memory), S_OK);
    assert_true(memory.budget == before.budget);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- MOCKD3D12_FAULTS ---- */

static void test_environment(void **state)
{
    char path[512], file_plan[600];
    ID3D12Device *device = NULL;
    FILE *file;
    HRESULT hr;

    (void)state;
    test_setenv("MOCKD3D12_FAULTS", "oom@CreateFence#1");
    mockd3d12_reset();
    device = create_device();
    assert_null(try_fence(device, &hr));
    assert_int_equal(hr, E_OUTOFMEMORY);
    /* The control API's plan comes first. */
    assert_int_equal(mockd3d12_set_faults(""), S_OK);
    release_fence(try_fence(device, &hr));
    assert_int_equal(ID3D12Device_Release(device), 0);

    /* A file, "@path", named in its messages. */
    snprintf(path, sizeof(path), "%s/mockd3d12-test-faults-%lu.txt", temp_dir(), (unsigned long)mk_process_id());
    assert_non_null(file = fopen(path, "w"));
    fputs("oom@CreateFence#1\noom@CreateHeap#x\n", file);
    fclose(file);
    snprintf(file_plan, sizeof(file_plan), "@%s", path);
    test_setenv("MOCKD3D12_FAULTS", file_plan);
    mockd3d12_reset();
    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    assert_int_equal(hr, E_INVALIDARG);
    snprintf(file_plan, sizeof(file_plan), "D3D12CreateDevice: %s:2:16: #N counts calls from 1: \"x\" is not a "
            "number from 1", path);
    assert_string_equal(mockd3d12_last_error(), file_plan);
    remove(path);
    snprintf(file_plan, sizeof(file_plan), "@%s", path);
    assert_int_equal(mockd3d12_set_faults(file_plan), E_INVALIDARG);
    assert_non_null(strstr(mockd3d12_last_error(), "mockd3d12_set_faults: the plan file cannot be read: "));

    /* A bad inline plan fails device creation until it is fixed. */
    test_setenv("MOCKD3D12_FAULTS", "oom@CreateFence#0");
    mockd3d12_reset();
    assert_int_equal(D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device),
            E_INVALIDARG);
    assert_string_equal(mockd3d12_last_error(), "D3D12CreateDevice: MOCKD3D12_FAULTS:1:17: #N counts calls from 1: "
            "\"0\" is not a number from 1");
}

/* ---- The trace ---- */

static void test_trace_records(void **state)
{
    char path[512], line[MK_TRACE_RECORD_SIZE];
    ID3D12Device *device;
    bool fault = false, removed = false;
    FILE *file;
    HRESULT hr;

    (void)state;
    snprintf(path, sizeof(path), "%s/mockd3d12-test-faults-trace-%lu.jsonl", temp_dir(),
            (unsigned long)mk_process_id());
    remove(path);
    test_setenv("MOCKD3D12_TRACE", path);
    mockd3d12_reset();
    device = create_device();
    assert_int_equal(mockd3d12_set_faults("remove:hung@CreateFence#1"), S_OK);
    assert_null(try_fence(device, &hr));
    assert_int_equal(ID3D12Device_Release(device), 0);
    assert_non_null(file = fopen(path, "r"));
    while (fgets(line, sizeof(line), file))
    {
        fault |= strstr(line, "\"entry\": \"Fault\"") && strstr(line, "\"rule\": \"remove:hung@CreateFence#1\"")
                && strstr(line, "\"method\": \"ID3D12Device::CreateFence\"")
                && strstr(line, "\"hr\": \"DXGI_ERROR_DEVICE_HUNG\"");
        removed |= strstr(line, "\"entry\": \"DeviceRemoved\"") && strstr(line, "\"reason\": \"DXGI_ERROR_DEVICE_HUNG\"")
                && strstr(line, "\"rule\": \"remove:hung@CreateFence#1\"");
    }
    fclose(file);
    remove(path);
    assert_true(fault);
    assert_true(removed);
}

/* ---- Counting across threads ---- */

#define FAULT_THREADS 4
#define FAULT_CALLS 250

struct fence_caller
{
    ID3D12Device *device;
    atomic_uint *failures;
};

static void create_fences(void *arg)
{
    struct fence_caller *c = arg;
    ID3D12Fence *fence;
    unsigned int i;
    HRESULT hr;

    for (i = 0; i < FAULT_CALLS; ++i)
    {
        if ((fence = try_fence(c->device, &hr)))
            ID3D12Fence_Release(fence);
        else if (hr == E_OUTOFMEMORY)
            atomic_fetch_add(c->failures, 1);
    }
}

/* Exactly the calls the plan names fail, whichever thread makes them. */
static void test_threaded_counting(void **state)
{
    struct fence_caller callers[FAULT_THREADS];
    test_thread threads[FAULT_THREADS];
    atomic_uint failures;
    ID3D12Device *device;
    unsigned int i, run;

    (void)state;
    device = create_device();
    for (run = 0; run < 3; ++run)
    {
        atomic_init(&failures, 0);
        assert_int_equal(mockd3d12_set_faults("oom@CreateFence#1;oom@CreateFence#500;oom@CreateFence#1000;"
                "oom@CreateFence#1001"), S_OK);
        for (i = 0; i < FAULT_THREADS; ++i)
        {
            callers[i].device = device;
            callers[i].failures = &failures;
            assert_true(thread_start(&threads[i], create_fences, &callers[i]));
        }
        for (i = 0; i < FAULT_THREADS; ++i)
            thread_join(threads[i]);
        /* 1000 calls: the 1001st is never reached. */
        assert_int_equal(atomic_load(&failures), 3);
    }
    assert_int_equal(ID3D12Device_Release(device), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_plan_syntax, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_plan_keeps_the_plan, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fault_call_hook, setup, teardown),
        cmocka_unit_test_setup_teardown(test_other_sites, setup, teardown),
        cmocka_unit_test_setup_teardown(test_removal_reasons, setup, teardown),
        cmocka_unit_test_setup_teardown(test_adapter_generation, setup, teardown),
        cmocka_unit_test_setup_teardown(test_removal_is_the_adapters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_oom_nth_call, setup, teardown),
        cmocka_unit_test_setup_teardown(test_creation_sites, setup, teardown),
        cmocka_unit_test_setup_teardown(test_budget, setup, teardown),
        cmocka_unit_test_setup_teardown(test_environment, setup, teardown),
        cmocka_unit_test_setup_teardown(test_trace_records, setup, teardown),
        cmocka_unit_test_setup_teardown(test_threaded_counting, setup, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
