/*
 * DRED (docs/faults.md "DRED", issue 33 item 3): the settings objects from
 * D3D12GetDebugInterface and D3D12GetInterface, process-wide and taken by
 * the devices created afterwards; ID3D12DeviceRemovedExtendedData…2 on the
 * device, DXGI_ERROR_NOT_CURRENTLY_AVAILABLE before a removal and
 * DXGI_ERROR_UNSUPPORTED for a part not enabled; the breadcrumbs of a hang
 * the plan places (names, ops, the last breadcrumb value, context strings,
 * markers only, the bounded history); page faults with a live and a freed
 * allocation; and DRED off: the interface is there, lists record nothing.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <wchar.h>

#include "command_list.h"
#include "dred.h"
#include "shader_cache_session.h" /* DXGI_ERROR_NOT_CURRENTLY_AVAILABLE where the headers lack it */

static int setup(void **state)
{
    test_unsetenv("MOCKD3D12_FAULTS");
    return quiet_setup(state);
}

static int teardown(void **state)
{
    return quiet_teardown(state);
}

/* ---- Helpers ---- */

static ID3D12DeviceRemovedExtendedDataSettings2 *get_settings(void)
{
    ID3D12DeviceRemovedExtendedDataSettings2 *settings = NULL;

    assert_int_equal(D3D12GetDebugInterface(&IID_ID3D12DeviceRemovedExtendedDataSettings2, (void **)&settings), S_OK);
    assert_non_null(settings);
    return settings;
}

/* The settings for the next device: each part FORCED_ON or FORCED_OFF. */
static void set_dred(bool breadcrumbs, bool context, bool markers_only, bool page_faults)
{
    ID3D12DeviceRemovedExtendedDataSettings2 *settings = get_settings();

#define ON(b) ((b) ? D3D12_DRED_ENABLEMENT_FORCED_ON : D3D12_DRED_ENABLEMENT_FORCED_OFF)
    ID3D12DeviceRemovedExtendedDataSettings2_SetAutoBreadcrumbsEnablement(settings, ON(breadcrumbs));
    ID3D12DeviceRemovedExtendedDataSettings2_SetBreadcrumbContextEnablement(settings, ON(context));
    ID3D12DeviceRemovedExtendedDataSettings2_SetPageFaultEnablement(settings, ON(page_faults));
    ID3D12DeviceRemovedExtendedDataSettings2_UseMarkersOnlyAutoBreadcrumbs(settings, markers_only);
#undef ON
    ID3D12DeviceRemovedExtendedDataSettings2_Release(settings);
}

static ID3D12DeviceRemovedExtendedData2 *get_dred(ID3D12Device *device)
{
    ID3D12DeviceRemovedExtendedData2 *dred = NULL;

    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12DeviceRemovedExtendedData2, (void **)&dred),
            S_OK);
    assert_non_null(dred);
    return dred;
}

static void remove_device(ID3D12Device *device)
{
    ID3D12Device5 *device5;

    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device5, (void **)&device5), S_OK);
    ID3D12Device5_RemoveDevice(device5);
    ID3D12Device5_Release(device5);
}

static ID3D12CommandQueue *create_queue(ID3D12Device *device, const WCHAR *name)
{
    D3D12_COMMAND_QUEUE_DESC desc = {D3D12_COMMAND_LIST_TYPE_DIRECT, 0, D3D12_COMMAND_QUEUE_FLAG_NONE, 0};
    ID3D12CommandQueue *queue = NULL;

    assert_int_equal(ID3D12Device_CreateCommandQueue(device, &desc, &IID_ID3D12CommandQueue, (void **)&queue), S_OK);
    if (name)
        assert_int_equal(ID3D12CommandQueue_SetName(queue, name), S_OK);
    return queue;
}

struct recorder
{
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
};

static void recorder_create(ID3D12Device *device, struct recorder *r, const WCHAR *name)
{
    assert_int_equal(ID3D12Device_CreateCommandAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT,
            &IID_ID3D12CommandAllocator, (void **)&r->allocator), S_OK);
    assert_int_equal(ID3D12Device_CreateCommandList(device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, r->allocator, NULL,
            &IID_ID3D12GraphicsCommandList, (void **)&r->list), S_OK);
    if (name)
        assert_int_equal(ID3D12GraphicsCommandList_SetName(r->list, name), S_OK);
}

static void recorder_release(struct recorder *r)
{
    ID3D12GraphicsCommandList_Release(r->list);
    ID3D12CommandAllocator_Release(r->allocator);
}

static void execute(ID3D12CommandQueue *queue, ID3D12GraphicsCommandList *list)
{
    ID3D12CommandList *lists[1] = {(ID3D12CommandList *)list};

    ID3D12CommandQueue_ExecuteCommandLists(queue, 1, lists);
}

/* "Shadows": a narrow marker, two draws, a wide event around a barrier. */
static const D3D12_AUTO_BREADCRUMB_OP shadow_ops[] =
{
    D3D12_AUTO_BREADCRUMB_OP_SETMARKER, D3D12_AUTO_BREADCRUMB_OP_DRAWINSTANCED, D3D12_AUTO_BREADCRUMB_OP_DISPATCH,
    D3D12_AUTO_BREADCRUMB_OP_BEGINEVENT, D3D12_AUTO_BREADCRUMB_OP_RESOURCEBARRIER, D3D12_AUTO_BREADCRUMB_OP_ENDEVENT,
};
static const D3D12_AUTO_BREADCRUMB_OP shadow_marker_ops[] =
{
    D3D12_AUTO_BREADCRUMB_OP_SETMARKER, D3D12_AUTO_BREADCRUMB_OP_BEGINEVENT, D3D12_AUTO_BREADCRUMB_OP_ENDEVENT,
};

static void record_shadows(ID3D12GraphicsCommandList *list)
{
    static const char marker[] = "frame 1";
    static const WCHAR event[] = L"Lights";

    ID3D12GraphicsCommandList_SetMarker(list, 1, marker, sizeof(marker));
    ID3D12GraphicsCommandList_DrawInstanced(list, 3, 1, 0, 0);
    ID3D12GraphicsCommandList_Dispatch(list, 1, 1, 1);
    ID3D12GraphicsCommandList_BeginEvent(list, 0, event, sizeof(event));
    ID3D12GraphicsCommandList_ResourceBarrier(list, 0, NULL);
    ID3D12GraphicsCommandList_EndEvent(list);
    /* State setting leaves no breadcrumb. */
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    assert_int_equal(ID3D12GraphicsCommandList_Close(list), S_OK);
}

/* "Lighting": three operations. */
static const D3D12_AUTO_BREADCRUMB_OP lighting_ops[] =
{
    D3D12_AUTO_BREADCRUMB_OP_DRAWINDEXEDINSTANCED, D3D12_AUTO_BREADCRUMB_OP_DISPATCH,
    D3D12_AUTO_BREADCRUMB_OP_COPYRESOURCE,
};

static void record_lighting(ID3D12GraphicsCommandList *list)
{
    ID3D12GraphicsCommandList_DrawIndexedInstanced(list, 6, 1, 0, 0, 0);
    ID3D12GraphicsCommandList_Dispatch(list, 8, 8, 1);
    ID3D12GraphicsCommandList_CopyResource(list, NULL, NULL);
    assert_int_equal(ID3D12GraphicsCommandList_Close(list), S_OK);
}

static bool ops_equal(const D3D12_AUTO_BREADCRUMB_OP *got, UINT count, const D3D12_AUTO_BREADCRUMB_OP *expected,
        size_t expected_count)
{
    return count == expected_count && (!count || (got && !memcmp(got, expected, count * sizeof(*got))));
}

static bool wide_is(const wchar_t *got, const wchar_t *expected)
{
    return got && !wcscmp(got, expected);
}

static bool narrow_is(const char *got, const char *expected)
{
    return got && !strcmp(got, expected);
}

/* ---- The settings ---- */

static void test_settings_objects(void **state)
{
    static const struct
    {
        const char *name;
        bool clsid;     /* D3D12GetInterface(CLSID_D3D12DeviceRemovedExtendedData), else D3D12GetDebugInterface */
        const IID *iid;
        HRESULT hr;
    }
    rows[] =
    {
        {"debug interface, Settings", false, &IID_ID3D12DeviceRemovedExtendedDataSettings, S_OK},
        {"debug interface, Settings1", false, &IID_ID3D12DeviceRemovedExtendedDataSettings1, S_OK},
        {"debug interface, Settings2", false, &IID_ID3D12DeviceRemovedExtendedDataSettings2, S_OK},
        {"CLSID, Settings", true, &IID_ID3D12DeviceRemovedExtendedDataSettings, S_OK},
        {"CLSID, Settings1", true, &IID_ID3D12DeviceRemovedExtendedDataSettings1, S_OK},
        {"CLSID, Settings2", true, &IID_ID3D12DeviceRemovedExtendedDataSettings2, S_OK},
        {"CLSID, ID3D12Debug", true, &IID_ID3D12Debug, E_NOINTERFACE},
        {"CLSID, the device's interface", true, &IID_ID3D12DeviceRemovedExtendedData, E_NOINTERFACE},
    };
    struct row_failures failures = {0};
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        IUnknown *object = SENTINEL, *settings2 = NULL, *debug = SENTINEL;
        HRESULT hr;

        hr = rows[i].clsid ? D3D12GetInterface(&CLSID_D3D12DeviceRemovedExtendedData, rows[i].iid, (void **)&object)
                : D3D12GetDebugInterface(rows[i].iid, (void **)&object);
        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (FAILED(hr))
        {
            if (object)
                row_fail(&failures, i, rows[i].name, "the output is not NULL");
            continue;
        }
        /* One object answers the three, and not ID3D12Debug. */
        if (IUnknown_QueryInterface(object, &IID_ID3D12DeviceRemovedExtendedDataSettings2, (void **)&settings2) != S_OK
                || settings2 != object)
            row_fail(&failures, i, rows[i].name, "Settings2 is not the same interface");
        if (IUnknown_QueryInterface(object, &IID_ID3D12Debug, (void **)&debug) != E_NOINTERFACE || debug)
            row_fail(&failures, i, rows[i].name, "it answers ID3D12Debug");
        if (settings2)
            IUnknown_Release(settings2);
        if (IUnknown_Release(object))
            row_fail(&failures, i, rows[i].name, "references left");
    }
    rows_done(&failures);
}

/* Each part, enabled or not when the device was created: what its output
 * answers after a removal. Settings changed after the device was created do
 * not reach it. */
static void test_settings_reach_new_devices(void **state)
{
    static const struct
    {
        const char *name;
        D3D12_DRED_ENABLEMENT breadcrumbs, page_faults;
        bool change_after; /* the settings are set after the device was created */
        HRESULT breadcrumbs_hr, page_faults_hr;
    }
    rows[] =
    {
        {"defaults", D3D12_DRED_ENABLEMENT_SYSTEM_CONTROLLED, D3D12_DRED_ENABLEMENT_SYSTEM_CONTROLLED, false,
                DXGI_ERROR_UNSUPPORTED, DXGI_ERROR_UNSUPPORTED},
        {"breadcrumbs on", D3D12_DRED_ENABLEMENT_FORCED_ON, D3D12_DRED_ENABLEMENT_SYSTEM_CONTROLLED, false,
                S_OK, DXGI_ERROR_UNSUPPORTED},
        {"page faults on", D3D12_DRED_ENABLEMENT_FORCED_OFF, D3D12_DRED_ENABLEMENT_FORCED_ON, false,
                DXGI_ERROR_UNSUPPORTED, S_OK},
        {"both on", D3D12_DRED_ENABLEMENT_FORCED_ON, D3D12_DRED_ENABLEMENT_FORCED_ON, false, S_OK, S_OK},
        {"both forced off", D3D12_DRED_ENABLEMENT_FORCED_OFF, D3D12_DRED_ENABLEMENT_FORCED_OFF, false,
                DXGI_ERROR_UNSUPPORTED, DXGI_ERROR_UNSUPPORTED},
        {"an unknown enablement", (D3D12_DRED_ENABLEMENT)7, (D3D12_DRED_ENABLEMENT)7, false,
                DXGI_ERROR_UNSUPPORTED, DXGI_ERROR_UNSUPPORTED},
        {"on after the device was created", D3D12_DRED_ENABLEMENT_FORCED_ON, D3D12_DRED_ENABLEMENT_FORCED_ON, true,
                DXGI_ERROR_UNSUPPORTED, DXGI_ERROR_UNSUPPORTED},
    };
    struct row_failures failures = {0};
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        D3D12_DRED_AUTO_BREADCRUMBS_OUTPUT1 breadcrumbs;
        ID3D12DeviceRemovedExtendedDataSettings2 *settings;
        D3D12_DRED_PAGE_FAULT_OUTPUT2 page_fault;
        ID3D12DeviceRemovedExtendedData2 *dred;
        ID3D12Device *device = NULL;
        HRESULT hr;

        mockd3d12_reset();
        if (rows[i].change_after)
            device = create_device();
        settings = get_settings();
        ID3D12DeviceRemovedExtendedDataSettings2_SetAutoBreadcrumbsEnablement(settings, rows[i].breadcrumbs);
        ID3D12DeviceRemovedExtendedDataSettings2_SetPageFaultEnablement(settings, rows[i].page_faults);
        ID3D12DeviceRemovedExtendedDataSettings2_SetWatsonDumpEnablement(settings, D3D12_DRED_ENABLEMENT_FORCED_ON);
        ID3D12DeviceRemovedExtendedDataSettings2_Release(settings);
        if (!device)
            device = create_device();
        dred = get_dred(device);
        remove_device(device);
        if ((hr = ID3D12DeviceRemovedExtendedData2_GetAutoBreadcrumbsOutput1(dred, &breadcrumbs))
                != rows[i].breadcrumbs_hr)
            row_fail(&failures, i, rows[i].name, "GetAutoBreadcrumbsOutput1 %#x", (unsigned)hr);
        else if (hr == S_OK && breadcrumbs.pHeadAutoBreadcrumbNode)
            row_fail(&failures, i, rows[i].name, "breadcrumbs without an execution");
        if ((hr = ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput2(dred, &page_fault))
                != rows[i].page_faults_hr)
            row_fail(&failures, i, rows[i].name, "GetPageFaultAllocationOutput2 %#x", (unsigned)hr);
        else if (hr == S_OK && (page_fault.PageFaultVA || page_fault.pHeadExistingAllocationNode
                || page_fault.pHeadRecentFreedAllocationNode || page_fault.PageFaultFlags))
            row_fail(&failures, i, rows[i].name, "a page fault RemoveDevice did not make");
        /* RemoveDevice is no fault of the GPU. */
        if (ID3D12DeviceRemovedExtendedData2_GetDeviceState(dred) != D3D12_DRED_DEVICE_STATE_UNKNOWN)
            row_fail(&failures, i, rows[i].name, "state %d", ID3D12DeviceRemovedExtendedData2_GetDeviceState(dred));
        ID3D12DeviceRemovedExtendedData2_Release(dred);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "references left on the device");
    }
    rows_done(&failures);
}

/* ---- Before the removal, and DRED off ---- */

static void test_before_removal_and_off(void **state)
{
    static const struct
    {
        const char *name;
        bool dred_on;
        bool removed;
        HRESULT hr; /* every output method's */
    }
    rows[] =
    {
        {"DRED on, running", true, false, DXGI_ERROR_NOT_CURRENTLY_AVAILABLE},
        {"DRED off, running", false, false, DXGI_ERROR_NOT_CURRENTLY_AVAILABLE},
        {"DRED off, removed", false, true, DXGI_ERROR_UNSUPPORTED},
    };
    struct row_failures failures = {0};
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        ID3D12DeviceRemovedExtendedData *dred0 = NULL;
        ID3D12DeviceRemovedExtendedData1 *dred1 = NULL;
        D3D12_DRED_AUTO_BREADCRUMBS_OUTPUT1 crumbs1;
        D3D12_DRED_AUTO_BREADCRUMBS_OUTPUT crumbs;
        D3D12_DRED_PAGE_FAULT_OUTPUT2 fault2;
        D3D12_DRED_PAGE_FAULT_OUTPUT1 fault1;
        D3D12_DRED_PAGE_FAULT_OUTPUT fault;
        ID3D12DeviceRemovedExtendedData2 *dred;
        struct obj_command_list *impl;
        struct recorder r;
        IUnknown *unknown;
        ID3D12Device *device;
        unsigned char poison[sizeof(D3D12_DRED_PAGE_FAULT_OUTPUT2)];
        HRESULT hr[5];
        unsigned int k;

        mockd3d12_reset();
        if (rows[i].dred_on)
            set_dred(true, true, false, true);
        device = create_device();
        /* The interface is there whatever the settings, with the device's identity. */
        dred = get_dred(device);
        if (ID3D12Device_QueryInterface(device, &IID_ID3D12DeviceRemovedExtendedData, (void **)&dred0) != S_OK
                || ID3D12Device_QueryInterface(device, &IID_ID3D12DeviceRemovedExtendedData1, (void **)&dred1) != S_OK
                || (void *)dred0 != (void *)dred || (void *)dred1 != (void *)dred)
            row_fail(&failures, i, rows[i].name, "DRED, DRED1 and DRED2 are not one interface");
        if (ID3D12DeviceRemovedExtendedData2_QueryInterface(dred, &IID_IUnknown, (void **)&unknown) != S_OK
                || (void *)unknown != (void *)device)
            row_fail(&failures, i, rows[i].name, "DRED's IUnknown is not the device's");
        else
            IUnknown_Release(unknown);
        if (dred0)
            ID3D12DeviceRemovedExtendedData_Release(dred0);
        if (dred1)
            ID3D12DeviceRemovedExtendedData1_Release(dred1);

        /* A list records its operations only with breadcrumbs on. */
        recorder_create(device, &r, NULL);
        record_shadows(r.list);
        impl = obj_command_list_from_iface((ID3D12CommandList *)r.list);
        if (rows[i].dred_on ? impl->op_count != ARRAY_SIZE(shadow_ops) : impl->op_count || impl->ops || impl->contexts)
            row_fail(&failures, i, rows[i].name, "the list recorded %u ops", (unsigned)impl->op_count);

        if (rows[i].removed)
            remove_device(device);
        memset(&crumbs, 0x5a, sizeof(crumbs));
        memset(&crumbs1, 0x5a, sizeof(crumbs1));
        memset(&fault, 0x5a, sizeof(fault));
        memset(&fault1, 0x5a, sizeof(fault1));
        memset(&fault2, 0x5a, sizeof(fault2));
        hr[0] = ID3D12DeviceRemovedExtendedData2_GetAutoBreadcrumbsOutput(dred, &crumbs);
        hr[1] = ID3D12DeviceRemovedExtendedData2_GetAutoBreadcrumbsOutput1(dred, &crumbs1);
        hr[2] = ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput(dred, &fault);
        hr[3] = ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput1(dred, &fault1);
        hr[4] = ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput2(dred, &fault2);
        for (k = 0; k < ARRAY_SIZE(hr); ++k)
        {
            if (hr[k] != rows[i].hr)
                row_fail(&failures, i, rows[i].name, "output %u: %#x", k, (unsigned)hr[k]);
        }
        /* A refused output is not touched. */
        memset(poison, 0x5a, sizeof(poison));
        if (memcmp(&crumbs, poison, sizeof(crumbs)) || memcmp(&crumbs1, poison, sizeof(crumbs1))
                || memcmp(&fault, poison, sizeof(fault)) || memcmp(&fault1, poison, sizeof(fault1))
                || memcmp(&fault2, poison, sizeof(fault2)))
            row_fail(&failures, i, rows[i].name, "a refused output was written");
        if (ID3D12DeviceRemovedExtendedData2_GetDeviceState(dred) != D3D12_DRED_DEVICE_STATE_UNKNOWN)
            row_fail(&failures, i, rows[i].name, "state %d", ID3D12DeviceRemovedExtendedData2_GetDeviceState(dred));
        recorder_release(&r);
        ID3D12DeviceRemovedExtendedData2_Release(dred);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "references left on the device");
    }
    rows_done(&failures);
}

/* ---- Breadcrumbs ---- */

/* "Shadows" runs and completes on a named queue; "Lighting" hangs the GPU
 * where the plan says. */
static void test_breadcrumbs_of_a_hang(void **state)
{
    static const struct
    {
        const char *name;
        const char *plan;
        bool context, markers_only;
        HRESULT reason;
        D3D12_DRED_DEVICE_STATE state;
        UINT lighting_done; /* the last breadcrumb value of the hung list */
    }
    rows[] =
    {
        {"hung, no op", "remove:hung@ExecuteCommandLists#2", true, false, DXGI_ERROR_DEVICE_HUNG,
                D3D12_DRED_DEVICE_STATE_HUNG, 0},
        {"hung at op 1", "remove:hung@ExecuteCommandLists#2:op=1", true, false, DXGI_ERROR_DEVICE_HUNG,
                D3D12_DRED_DEVICE_STATE_HUNG, 1},
        {"op past the end", "remove:hung@ExecuteCommandLists#2:op=99", true, false, DXGI_ERROR_DEVICE_HUNG,
                D3D12_DRED_DEVICE_STATE_HUNG, 3},
        {"reset", "remove:reset@ExecuteCommandLists#2:op=2", true, false, DXGI_ERROR_DEVICE_RESET,
                D3D12_DRED_DEVICE_STATE_FAULT, 2},
        {"internal", "remove:internal@ExecuteCommandLists#2", true, false, DXGI_ERROR_DRIVER_INTERNAL_ERROR,
                D3D12_DRED_DEVICE_STATE_FAULT, 0},
        {"removed", "remove:removed@ExecuteCommandLists#2", true, false, DXGI_ERROR_DEVICE_REMOVED,
                D3D12_DRED_DEVICE_STATE_UNKNOWN, 0},
        {"no context", "remove:hung@ExecuteCommandLists#2", false, false, DXGI_ERROR_DEVICE_HUNG,
                D3D12_DRED_DEVICE_STATE_HUNG, 0},
        {"markers only", "remove:hung@ExecuteCommandLists#2", true, true, DXGI_ERROR_DEVICE_HUNG,
                D3D12_DRED_DEVICE_STATE_HUNG, 0},
    };
    struct row_failures failures = {0};
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const D3D12_AUTO_BREADCRUMB_NODE1 *shadows, *lighting;
        const D3D12_AUTO_BREADCRUMB_NODE *node0;
        D3D12_DRED_AUTO_BREADCRUMBS_OUTPUT1 output1;
        D3D12_DRED_AUTO_BREADCRUMBS_OUTPUT output;
        ID3D12DeviceRemovedExtendedData2 *dred;
        const D3D12_AUTO_BREADCRUMB_OP *expected_shadow = rows[i].markers_only ? shadow_marker_ops : shadow_ops;
        size_t expected_shadow_count = rows[i].markers_only ? ARRAY_SIZE(shadow_marker_ops) : ARRAY_SIZE(shadow_ops);
        struct recorder a, b;
        ID3D12CommandQueue *queue;
        ID3D12Device *device;

        mockd3d12_reset();
        set_dred(true, rows[i].context, rows[i].markers_only, false);
        device = create_device();
        dred = get_dred(device);
        queue = create_queue(device, L"Main queue");
        recorder_create(device, &a, L"Shadows");
        recorder_create(device, &b, L"Lighting");
        record_shadows(a.list);
        record_lighting(b.list);
        assert_int_equal(mockd3d12_set_faults(rows[i].plan), S_OK);
        execute(queue, a.list);
        if (ID3D12DeviceRemovedExtendedData2_GetAutoBreadcrumbsOutput1(dred, &output1)
                != DXGI_ERROR_NOT_CURRENTLY_AVAILABLE)
            row_fail(&failures, i, rows[i].name, "breadcrumbs before the removal");
        execute(queue, b.list);
        if (ID3D12Device_GetDeviceRemovedReason(device) != rows[i].reason)
            row_fail(&failures, i, rows[i].name, "reason %#x", (unsigned)ID3D12Device_GetDeviceRemovedReason(device));
        if (ID3D12DeviceRemovedExtendedData2_GetDeviceState(dred) != rows[i].state)
            row_fail(&failures, i, rows[i].name, "state %d", ID3D12DeviceRemovedExtendedData2_GetDeviceState(dred));

        if (ID3D12DeviceRemovedExtendedData2_GetAutoBreadcrumbsOutput1(dred, &output1) != S_OK
                || !(shadows = output1.pHeadAutoBreadcrumbNode) || !(lighting = shadows->pNext) || lighting->pNext)
        {
            row_fail(&failures, i, rows[i].name, "not two nodes");
            goto done;
        }
        /* The list that completed: every op done. */
        if (!wide_is(shadows->pCommandListDebugNameW, L"Shadows") || !narrow_is(shadows->pCommandListDebugNameA, "Shadows")
                || !wide_is(shadows->pCommandQueueDebugNameW, L"Main queue")
                || !narrow_is(shadows->pCommandQueueDebugNameA, "Main queue")
                || shadows->pCommandList != a.list || shadows->pCommandQueue != queue)
            row_fail(&failures, i, rows[i].name, "the first node's names or objects");
        if (!ops_equal(shadows->pCommandHistory, shadows->BreadcrumbCount, expected_shadow, expected_shadow_count)
                || !shadows->pLastBreadcrumbValue || *shadows->pLastBreadcrumbValue != expected_shadow_count)
            row_fail(&failures, i, rows[i].name, "the first node: %u ops, last %u", shadows->BreadcrumbCount,
                    shadows->pLastBreadcrumbValue ? *shadows->pLastBreadcrumbValue : 0u);
        /* Its context strings: the marker (narrow) and the event (wide), at their ops. */
        if (!rows[i].context)
        {
            if (shadows->BreadcrumbContextsCount || shadows->pBreadcrumbContexts)
                row_fail(&failures, i, rows[i].name, "context strings without the setting");
        }
        else if (shadows->BreadcrumbContextsCount != 2
                || shadows->pBreadcrumbContexts[0].BreadcrumbIndex != 0
                || !wide_is(shadows->pBreadcrumbContexts[0].pContextString, L"frame 1")
                || shadows->pBreadcrumbContexts[1].BreadcrumbIndex != (rows[i].markers_only ? 1u : 3u)
                || !wide_is(shadows->pBreadcrumbContexts[1].pContextString, L"Lights"))
            row_fail(&failures, i, rows[i].name, "the context strings (%u)", shadows->BreadcrumbContextsCount);
        /* The list that hung. */
        if (!wide_is(lighting->pCommandListDebugNameW, L"Lighting") || lighting->pCommandList != b.list
                || lighting->pCommandQueue != queue)
            row_fail(&failures, i, rows[i].name, "the second node's names or objects");
        if (!ops_equal(lighting->pCommandHistory, lighting->BreadcrumbCount, lighting_ops,
                rows[i].markers_only ? 0 : ARRAY_SIZE(lighting_ops))
                || *lighting->pLastBreadcrumbValue != (rows[i].markers_only ? 0 : rows[i].lighting_done))
            row_fail(&failures, i, rows[i].name, "the second node: %u ops, last %u", lighting->BreadcrumbCount,
                    *lighting->pLastBreadcrumbValue);
        /* The first version's nodes say the same. */
        if (ID3D12DeviceRemovedExtendedData2_GetAutoBreadcrumbsOutput(dred, &output) != S_OK
                || !(node0 = output.pHeadAutoBreadcrumbNode) || !node0->pNext || node0->pNext->pNext
                || node0->BreadcrumbCount != shadows->BreadcrumbCount
                || *node0->pNext->pLastBreadcrumbValue != *lighting->pLastBreadcrumbValue
                || node0->pCommandListDebugNameW != shadows->pCommandListDebugNameW)
            row_fail(&failures, i, rows[i].name, "GetAutoBreadcrumbsOutput differs");
done:
        recorder_release(&a);
        recorder_release(&b);
        ID3D12CommandQueue_Release(queue);
        ID3D12DeviceRemovedExtendedData2_Release(dred);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "references left on the device");
    }
    rows_done(&failures);
}

/* A list executed more often than the history keeps: the most recent
 * MK_DRED_HISTORY executions, oldest first; a list Reset and recorded again
 * shows each recording as it was executed. */
static void test_breadcrumb_history_is_bounded(void **state)
{
    const D3D12_AUTO_BREADCRUMB_NODE1 *node;
    D3D12_DRED_AUTO_BREADCRUMBS_OUTPUT1 output;
    ID3D12DeviceRemovedExtendedData2 *dred;
    ID3D12CommandQueue *queue;
    ID3D12Device *device;
    unsigned int i, count;
    struct recorder r;
    char plan[64];

    (void)state;
    set_dred(true, false, false, false);
    device = create_device();
    dred = get_dred(device);
    queue = create_queue(device, NULL);
    recorder_create(device, &r, NULL);
    snprintf(plan, sizeof(plan), "remove:hung@ExecuteCommandLists#%u", MK_DRED_HISTORY + 11);
    assert_int_equal(mockd3d12_set_faults(plan), S_OK);
    for (i = 0; i < MK_DRED_HISTORY + 11; ++i)
    {
        /* Execution i records i % 4 + 1 dispatches. */
        unsigned int k;

        if (i)
        {
            assert_int_equal(ID3D12CommandAllocator_Reset(r.allocator), S_OK);
            assert_int_equal(ID3D12GraphicsCommandList_Reset(r.list, r.allocator, NULL), S_OK);
        }
        for (k = 0; k <= i % 4; ++k)
            ID3D12GraphicsCommandList_Dispatch(r.list, 1, 1, 1);
        assert_int_equal(ID3D12GraphicsCommandList_Close(r.list), S_OK);
        execute(queue, r.list);
    }
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_HUNG);
    assert_int_equal(ID3D12DeviceRemovedExtendedData2_GetAutoBreadcrumbsOutput1(dred, &output), S_OK);
    for (node = output.pHeadAutoBreadcrumbNode, count = 0; node; node = node->pNext, ++count)
    {
        /* The first node kept is execution 11. */
        unsigned int execution = count + 11;
        bool hung = execution == MK_DRED_HISTORY + 10;

        assert_int_equal(node->BreadcrumbCount, execution % 4 + 1);
        assert_int_equal(*node->pLastBreadcrumbValue, hung ? 0 : execution % 4 + 1);
        assert_int_equal(node->pCommandHistory[0], D3D12_AUTO_BREADCRUMB_OP_DISPATCH);
        assert_null(node->pCommandListDebugNameW);
        assert_null(node->pCommandQueueDebugNameA);
    }
    assert_int_equal(count, MK_DRED_HISTORY);
    recorder_release(&r);
    ID3D12CommandQueue_Release(queue);
    ID3D12DeviceRemovedExtendedData2_Release(dred);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* ---- Page faults ---- */

static ID3D12Resource *create_buffer(ID3D12Device *device, const WCHAR *name)
{
    D3D12_HEAP_PROPERTIES heap = {D3D12_HEAP_TYPE_DEFAULT, 0, 0, 0, 0};
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, 65536, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    ID3D12Resource *resource = NULL;

    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &heap, D3D12_HEAP_FLAG_NONE, &desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&resource), S_OK);
    assert_int_equal(ID3D12Resource_SetName(resource, name), S_OK);
    return resource;
}

enum fault_target
{
    FAULT_LIVE,    /* inside the live buffer */
    FAULT_FREED,   /* inside the buffer released before the fault */
    FAULT_NOWHERE, /* in no allocation */
};

static void test_page_faults(void **state)
{
    static const struct
    {
        const char *name;
        enum fault_target target;
        UINT64 offset;
        bool page_faults_on;
        const WCHAR *existing, *freed; /* the one node of each list, or NULL: none */
    }
    rows[] =
    {
        {"a live buffer", FAULT_LIVE, 0x100, true, L"Live buffer", NULL},
        {"its last byte", FAULT_LIVE, 65535, true, L"Live buffer", NULL},
        {"a freed buffer", FAULT_FREED, 0x2000, true, NULL, L"Freed buffer"},
        {"no allocation", FAULT_NOWHERE, 0, true, NULL, NULL},
        {"page faults off", FAULT_LIVE, 0x100, false, NULL, NULL},
    };
    struct row_failures failures = {0};
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        D3D12_GPU_VIRTUAL_ADDRESS live_va, freed_va, va;
        ID3D12DeviceRemovedExtendedData2 *dred;
        D3D12_DRED_PAGE_FAULT_OUTPUT2 output2;
        D3D12_DRED_PAGE_FAULT_OUTPUT1 output1;
        D3D12_DRED_PAGE_FAULT_OUTPUT output;
        ID3D12Resource *live, *freed;
        ID3D12CommandQueue *queue;
        ID3D12Device *device;
        struct recorder r;
        char plan[96];
        HRESULT hr;

        mockd3d12_reset();
        set_dred(false, false, false, rows[i].page_faults_on);
        device = create_device();
        dred = get_dred(device);
        queue = create_queue(device, NULL);
        recorder_create(device, &r, NULL);
        assert_int_equal(ID3D12GraphicsCommandList_Close(r.list), S_OK);
        live = create_buffer(device, L"Live buffer");
        freed = create_buffer(device, L"Freed buffer");
        live_va = ID3D12Resource_GetGPUVirtualAddress(live);
        freed_va = ID3D12Resource_GetGPUVirtualAddress(freed);
        ID3D12Resource_Release(freed);
        va = rows[i].target == FAULT_LIVE ? live_va + rows[i].offset : rows[i].target == FAULT_FREED
                ? freed_va + rows[i].offset : (live_va > freed_va ? live_va : freed_va) + 0x100000;
        snprintf(plan, sizeof(plan), "pagefault:0x%llx@ExecuteCommandLists#1", (unsigned long long)va);
        assert_int_equal(mockd3d12_set_faults(plan), S_OK);
        execute(queue, r.list);

        /* A page fault is a hang of the GPU, whatever DRED records. */
        if (ID3D12Device_GetDeviceRemovedReason(device) != DXGI_ERROR_DEVICE_HUNG)
            row_fail(&failures, i, rows[i].name, "reason %#x", (unsigned)ID3D12Device_GetDeviceRemovedReason(device));
        if (ID3D12DeviceRemovedExtendedData2_GetDeviceState(dred) != D3D12_DRED_DEVICE_STATE_PAGEFAULT)
            row_fail(&failures, i, rows[i].name, "state %d", ID3D12DeviceRemovedExtendedData2_GetDeviceState(dred));
        hr = ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput2(dred, &output2);
        if (!rows[i].page_faults_on)
        {
            if (hr != DXGI_ERROR_UNSUPPORTED)
                row_fail(&failures, i, rows[i].name, "hr %#x without page faults on", (unsigned)hr);
            goto done;
        }
        if (hr != S_OK || output2.PageFaultVA != va || output2.PageFaultFlags != D3D12_DRED_PAGE_FAULT_FLAGS_NONE)
        {
            row_fail(&failures, i, rows[i].name, "hr %#x, VA %#llx", (unsigned)hr,
                    (unsigned long long)output2.PageFaultVA);
            goto done;
        }
        /* The live allocation, with its object. */
        if (!rows[i].existing ? output2.pHeadExistingAllocationNode != NULL
                : !output2.pHeadExistingAllocationNode || output2.pHeadExistingAllocationNode->pNext
                || !wide_is(output2.pHeadExistingAllocationNode->ObjectNameW, rows[i].existing)
                || !narrow_is(output2.pHeadExistingAllocationNode->ObjectNameA, "Live buffer")
                || output2.pHeadExistingAllocationNode->AllocationType != D3D12_DRED_ALLOCATION_TYPE_RESOURCE
                || output2.pHeadExistingAllocationNode->pObject != (const IUnknown *)live)
            row_fail(&failures, i, rows[i].name, "the existing allocations");
        /* The freed one: its name, no object. */
        if (!rows[i].freed ? output2.pHeadRecentFreedAllocationNode != NULL
                : !output2.pHeadRecentFreedAllocationNode || output2.pHeadRecentFreedAllocationNode->pNext
                || !wide_is(output2.pHeadRecentFreedAllocationNode->ObjectNameW, rows[i].freed)
                || output2.pHeadRecentFreedAllocationNode->AllocationType != D3D12_DRED_ALLOCATION_TYPE_RESOURCE
                || output2.pHeadRecentFreedAllocationNode->pObject)
            row_fail(&failures, i, rows[i].name, "the freed allocations");
        /* The older versions say the same. */
        if (ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput1(dred, &output1) != S_OK
                || output1.PageFaultVA != va || output1.pHeadExistingAllocationNode != output2.pHeadExistingAllocationNode
                || output1.pHeadRecentFreedAllocationNode != output2.pHeadRecentFreedAllocationNode)
            row_fail(&failures, i, rows[i].name, "GetPageFaultAllocationOutput1 differs");
        if (ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput(dred, &output) != S_OK
                || output.PageFaultVA != va
                || !output.pHeadExistingAllocationNode != !output2.pHeadExistingAllocationNode
                || !output.pHeadRecentFreedAllocationNode != !output2.pHeadRecentFreedAllocationNode
                || (output.pHeadRecentFreedAllocationNode
                && !wide_is(output.pHeadRecentFreedAllocationNode->ObjectNameW, L"Freed buffer")))
            row_fail(&failures, i, rows[i].name, "GetPageFaultAllocationOutput differs");
done:
        ID3D12Resource_Release(live);
        recorder_release(&r);
        ID3D12CommandQueue_Release(queue);
        ID3D12DeviceRemovedExtendedData2_Release(dred);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "references left on the device");
    }
    rows_done(&failures);
}

/* A hang the plan places with page faults on: no page fault to describe
 * (the address 0, no allocation), the state HUNG. */
static void test_hang_with_page_faults_on(void **state)
{
    D3D12_DRED_PAGE_FAULT_OUTPUT2 output;
    ID3D12DeviceRemovedExtendedData2 *dred;
    ID3D12Resource *buffer;
    ID3D12CommandQueue *queue;
    ID3D12Device *device;
    struct recorder r;

    (void)state;
    set_dred(false, false, false, true);
    device = create_device();
    dred = get_dred(device);
    queue = create_queue(device, NULL);
    recorder_create(device, &r, NULL);
    assert_int_equal(ID3D12GraphicsCommandList_Close(r.list), S_OK);
    buffer = create_buffer(device, L"Live buffer");
    assert_int_equal(mockd3d12_set_faults("remove:hung@ExecuteCommandLists#1"), S_OK);
    execute(queue, r.list);
    assert_int_equal(ID3D12Device_GetDeviceRemovedReason(device), DXGI_ERROR_DEVICE_HUNG);
    assert_int_equal(ID3D12DeviceRemovedExtendedData2_GetDeviceState(dred), D3D12_DRED_DEVICE_STATE_HUNG);
    memset(&output, 0x5a, sizeof(output));
    assert_int_equal(ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput2(dred, &output), S_OK);
    assert_true(output.PageFaultVA == 0);
    assert_null(output.pHeadExistingAllocationNode);
    assert_null(output.pHeadRecentFreedAllocationNode);
    assert_int_equal(output.PageFaultFlags, D3D12_DRED_PAGE_FAULT_FLAGS_NONE);
    ID3D12Resource_Release(buffer);
    recorder_release(&r);
    ID3D12CommandQueue_Release(queue);
    ID3D12DeviceRemovedExtendedData2_Release(dred);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* Every output needs somewhere to write: E_INVALIDARG once the part would
 * answer (the device removed, the part on). The first version's breadcrumbs
 * of a device that executed nothing: S_OK and no node. */
static void test_outputs_without_a_pointer(void **state)
{
    D3D12_DRED_AUTO_BREADCRUMBS_OUTPUT crumbs;
    ID3D12DeviceRemovedExtendedData2 *dred;
    ID3D12Device *device;
    HRESULT hr[5];
    unsigned int k;

    (void)state;
    set_dred(true, true, false, true);
    device = create_device();
    dred = get_dred(device);
    remove_device(device);
    hr[0] = ID3D12DeviceRemovedExtendedData2_GetAutoBreadcrumbsOutput(dred, NULL);
    hr[1] = ID3D12DeviceRemovedExtendedData2_GetAutoBreadcrumbsOutput1(dred, NULL);
    hr[2] = ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput(dred, NULL);
    hr[3] = ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput1(dred, NULL);
    hr[4] = ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput2(dred, NULL);
    for (k = 0; k < ARRAY_SIZE(hr); ++k)
    {
        if (hr[k] != E_INVALIDARG)
            fail_msg("output %u without a pointer: %#x", k, (unsigned)hr[k]);
    }
    crumbs.pHeadAutoBreadcrumbNode = SENTINEL;
    assert_int_equal(ID3D12DeviceRemovedExtendedData2_GetAutoBreadcrumbsOutput(dred, &crumbs), S_OK);
    assert_null(crumbs.pHeadAutoBreadcrumbNode);
    ID3D12DeviceRemovedExtendedData2_Release(dred);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

static ID3D12Heap *create_buffer_heap(ID3D12Device *device, const WCHAR *name)
{
    D3D12_HEAP_DESC desc = {1 << 20, {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
            D3D12_MEMORY_POOL_UNKNOWN, 0, 0}, 0, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS};
    ID3D12Heap *heap = NULL;

    assert_int_equal(ID3D12Device_CreateHeap(device, &desc, &IID_ID3D12Heap, (void **)&heap), S_OK);
    if (name)
        assert_int_equal(ID3D12Heap_SetName(heap, name), S_OK);
    return heap;
}

static ID3D12Resource *create_placed_buffer(ID3D12Device *device, ID3D12Heap *heap, UINT64 offset, UINT64 width,
        const WCHAR *name)
{
    D3D12_RESOURCE_DESC desc = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, width, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, D3D12_RESOURCE_FLAG_NONE};
    ID3D12Resource *resource = NULL;

    assert_int_equal(ID3D12Device_CreatePlacedResource(device, heap, offset, &desc, D3D12_RESOURCE_STATE_COMMON, NULL,
            &IID_ID3D12Resource, (void **)&resource), S_OK);
    if (name)
        assert_int_equal(ID3D12Resource_SetName(resource, name), S_OK);
    return resource;
}

static void page_fault_at(ID3D12CommandQueue *queue, ID3D12GraphicsCommandList *list, D3D12_GPU_VIRTUAL_ADDRESS va)
{
    char plan[96];

    snprintf(plan, sizeof(plan), "pagefault:0x%llx@ExecuteCommandLists#1", (unsigned long long)va);
    assert_int_equal(mockd3d12_set_faults(plan), S_OK);
    execute(queue, list);
}

/* A fault inside a heap: the heap (a HEAP node, its name narrowed with '?'
 * past ASCII) and the placed buffer holding the address, heaps first; a
 * texture (no address) is in no list; the two freed buffers aliasing the
 * address, most recently freed first. The list executed before the fault
 * leaves no breadcrumb: only page faults are on. */
static void test_page_fault_in_a_heap(void **state)
{
    const D3D12_DRED_ALLOCATION_NODE1 *node;
    D3D12_HEAP_PROPERTIES default_heap = {D3D12_HEAP_TYPE_DEFAULT, 0, 0, 0, 0};
    D3D12_RESOURCE_DESC texture_desc = {D3D12_RESOURCE_DIMENSION_TEXTURE2D, 0, 64, 64, 1, 1,
            DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_NONE};
    D3D12_DRED_AUTO_BREADCRUMBS_OUTPUT1 crumbs;
    D3D12_DRED_PAGE_FAULT_OUTPUT2 output;
    ID3D12DeviceRemovedExtendedData2 *dred;
    ID3D12Resource *placed, *texture, *freed;
    D3D12_GPU_VIRTUAL_ADDRESS heap_va, va;
    ID3D12CommandQueue *queue;
    ID3D12Device *device;
    struct recorder r;
    ID3D12Heap *heap;

    (void)state;
    set_dred(false, false, false, true);
    device = create_device();
    dred = get_dred(device);
    queue = create_queue(device, NULL);
    recorder_create(device, &r, NULL);
    ID3D12GraphicsCommandList_Dispatch(r.list, 1, 1, 1);
    assert_int_equal(ID3D12GraphicsCommandList_Close(r.list), S_OK);
    execute(queue, r.list);

    heap = create_buffer_heap(device, L"Heap \u00e9t\u00e9");
    placed = create_placed_buffer(device, heap, 65536, 65536, L"Placed");
    heap_va = ID3D12Resource_GetGPUVirtualAddress(placed) - 65536;
    assert_true(heap_va != 0);
    assert_int_equal(ID3D12Device_CreateCommittedResource(device, &default_heap, D3D12_HEAP_FLAG_NONE, &texture_desc,
            D3D12_RESOURCE_STATE_COMMON, NULL, &IID_ID3D12Resource, (void **)&texture), S_OK);
    freed = create_placed_buffer(device, heap, 65536, 65536, L"Freed first");
    ID3D12Resource_Release(freed);
    freed = create_placed_buffer(device, heap, 0, 131072, L"Freed last");
    ID3D12Resource_Release(freed);
    va = heap_va + 65536 + 0x10;
    page_fault_at(queue, r.list, va);

    assert_int_equal(ID3D12DeviceRemovedExtendedData2_GetDeviceState(dred), D3D12_DRED_DEVICE_STATE_PAGEFAULT);
    assert_int_equal(ID3D12DeviceRemovedExtendedData2_GetAutoBreadcrumbsOutput1(dred, &crumbs), DXGI_ERROR_UNSUPPORTED);
    assert_int_equal(ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput2(dred, &output), S_OK);
    assert_true(output.PageFaultVA == va);
    node = output.pHeadExistingAllocationNode;
    assert_non_null(node);
    assert_int_equal(node->AllocationType, D3D12_DRED_ALLOCATION_TYPE_HEAP);
    assert_true(wide_is(node->ObjectNameW, L"Heap \u00e9t\u00e9"));
    assert_true(narrow_is(node->ObjectNameA, "Heap ?t?"));
    assert_ptr_equal(node->pObject, (const IUnknown *)heap);
    node = node->pNext;
    assert_non_null(node);
    assert_int_equal(node->AllocationType, D3D12_DRED_ALLOCATION_TYPE_RESOURCE);
    assert_true(wide_is(node->ObjectNameW, L"Placed"));
    assert_ptr_equal(node->pObject, (const IUnknown *)placed);
    assert_null(node->pNext);
    node = output.pHeadRecentFreedAllocationNode;
    assert_non_null(node);
    assert_true(narrow_is(node->ObjectNameA, "Freed last"));
    assert_null(node->pObject);
    node = node->pNext;
    assert_non_null(node);
    assert_true(narrow_is(node->ObjectNameA, "Freed first"));
    assert_null(node->pNext);

    ID3D12Resource_Release(texture);
    ID3D12Resource_Release(placed);
    ID3D12Heap_Release(heap);
    recorder_release(&r);
    ID3D12CommandQueue_Release(queue);
    ID3D12DeviceRemovedExtendedData2_Release(dred);
    assert_int_equal(ID3D12Device_Release(device), 0);
}

/* The lists are bounded: more live allocations holding the address than
 * MK_DRED_EXISTING keep the first MK_DRED_EXISTING (the heap first); of more
 * frees than MK_DRED_FREED the oldest are forgotten. */
static void test_page_fault_lists_are_bounded(void **state)
{
    enum target {IN_THE_HEAP, FIRST_FREED, LAST_FREED};
    static const struct
    {
        const char *name;
        enum target target;
        size_t existing, freed;
    }
    rows[] =
    {
        {"in the heap, under every alias", IN_THE_HEAP, MK_DRED_EXISTING, 0},
        {"the first buffer freed, forgotten", FIRST_FREED, 0, 0},
        {"the last buffer freed, kept", LAST_FREED, 0, 1},
    };
    enum {ALIASES = MK_DRED_EXISTING + 8, FREES = MK_DRED_FREED + 1};
    struct row_failures failures = {0};
    unsigned int i, k;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        D3D12_GPU_VIRTUAL_ADDRESS first_va, last_va, heap_va;
        const D3D12_DRED_ALLOCATION_NODE1 *node;
        D3D12_DRED_PAGE_FAULT_OUTPUT2 output;
        ID3D12DeviceRemovedExtendedData2 *dred;
        ID3D12Resource *aliases[ALIASES], *buffers[FREES];
        ID3D12CommandQueue *queue;
        ID3D12Device *device;
        struct recorder r;
        ID3D12Heap *heap;
        size_t count;

        mockd3d12_reset();
        set_dred(false, false, false, true);
        device = create_device();
        dred = get_dred(device);
        queue = create_queue(device, NULL);
        recorder_create(device, &r, NULL);
        assert_int_equal(ID3D12GraphicsCommandList_Close(r.list), S_OK);
        heap = create_buffer_heap(device, NULL);
        for (k = 0; k < ALIASES; ++k)
            aliases[k] = create_placed_buffer(device, heap, 0, 65536, NULL);
        heap_va = ID3D12Resource_GetGPUVirtualAddress(aliases[0]);
        /* All alive at once (each its own addresses), then freed in order. */
        for (k = 0; k < FREES; ++k)
            buffers[k] = create_buffer(device, L"Freed");
        first_va = ID3D12Resource_GetGPUVirtualAddress(buffers[0]);
        last_va = ID3D12Resource_GetGPUVirtualAddress(buffers[FREES - 1]);
        for (k = 0; k < FREES; ++k)
            ID3D12Resource_Release(buffers[k]);
        if (first_va == last_va)
            fail_msg("the first and the last buffer freed share an address");
        page_fault_at(queue, r.list, (rows[i].target == IN_THE_HEAP ? heap_va : rows[i].target == FIRST_FREED
                ? first_va : last_va) + 0x10);
        assert_int_equal(ID3D12DeviceRemovedExtendedData2_GetPageFaultAllocationOutput2(dred, &output), S_OK);
        for (node = output.pHeadExistingAllocationNode, count = 0; node; node = node->pNext, ++count)
        {
            if (!count && node->AllocationType != D3D12_DRED_ALLOCATION_TYPE_HEAP)
                row_fail(&failures, i, rows[i].name, "the first existing allocation is not the heap");
        }
        if (count != rows[i].existing)
            row_fail(&failures, i, rows[i].name, "%zu existing allocations, expected %zu", count, rows[i].existing);
        for (node = output.pHeadRecentFreedAllocationNode, count = 0; node; node = node->pNext, ++count)
            ;
        if (count != rows[i].freed)
            row_fail(&failures, i, rows[i].name, "%zu freed allocations, expected %zu", count, rows[i].freed);
        for (k = 0; k < ALIASES; ++k)
            ID3D12Resource_Release(aliases[k]);
        ID3D12Heap_Release(heap);
        recorder_release(&r);
        ID3D12CommandQueue_Release(queue);
        ID3D12DeviceRemovedExtendedData2_Release(dred);
        if (ID3D12Device_Release(device))
            row_fail(&failures, i, rows[i].name, "references left on the device");
    }
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_settings_objects, setup, teardown),
        cmocka_unit_test_setup_teardown(test_settings_reach_new_devices, setup, teardown),
        cmocka_unit_test_setup_teardown(test_before_removal_and_off, setup, teardown),
        cmocka_unit_test_setup_teardown(test_breadcrumbs_of_a_hang, setup, teardown),
        cmocka_unit_test_setup_teardown(test_breadcrumb_history_is_bounded, setup, teardown),
        cmocka_unit_test_setup_teardown(test_page_faults, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hang_with_page_faults_on, setup, teardown),
        cmocka_unit_test_setup_teardown(test_outputs_without_a_pointer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_page_fault_in_a_heap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_page_fault_lists_are_bounded, setup, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
