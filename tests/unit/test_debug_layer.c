/*
 * The debug layer outside the info queue: ID3D12Debug1-6 and the settings
 * they record, MOCKD3D12_DEBUG, the exact text of every catalog message, the
 * stderr format, ID3D12DebugDevice1/2 and ReportLiveDeviceObjects, and that
 * nothing is logged without the layer.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

#include <unistd.h>
#include "portable.h"

#include "debuglayer/dbg_catalog.h"
#include "fake_outer.h"

/* ---- A fake device (tests/unit/fake_outer.h) with two live objects ---- */
static const WCHAR device_name[] = {'m', 'y', ' ', 'd', 'e', 'v', 0};
static const WCHAR fence_name[] = {'f', 0xe9, 0};
static int fake_queue, fake_fence;

static void enum_live(void *device_ctx, dbg_emit_live_fn emit, void *emit_ctx)
{
    struct fake_outer *outer = device_ctx;

    emit(emit_ctx, "ID3D12Device", outer, device_name, (ULONG)atomic_load(&outer->refcount), 0);
    emit(emit_ctx, "ID3D12CommandQueue", &fake_queue, NULL, 1, 0);
    emit(emit_ctx, "ID3D12Fence", &fake_fence, fence_name, 3, 2);
}

static struct fake_outer *create_outer(void)
{
    struct fake_outer *outer = calloc(1, sizeof(*outer));

    outer->IUnknown_iface.lpVtbl = &fake_vtbl;
    atomic_init(&outer->refcount, 1);
    assert_int_equal(dbg_device_create(&outer->IUnknown_iface, enum_live, outer, &outer->dbg), S_OK);
    return outer;
}

static void destroy_outer(struct fake_outer *outer)
{
    assert_int_equal(atomic_load(&outer->refcount), 1);
    dbg_device_destroy(outer->dbg);
    free(outer);
}

static ID3D12InfoQueue *queue_of(struct fake_outer *outer)
{
    ID3D12InfoQueue *queue;

    assert_int_equal(dbg_device_query_interface(outer->dbg, &IID_ID3D12InfoQueue, (void **)&queue), S_OK);
    ID3D12InfoQueue_Release(queue);
    return queue;
}

static void message_at(ID3D12InfoQueue *queue, UINT64 index, D3D12_MESSAGE *out, char *text, size_t text_size)
{
    SIZE_T size = 0;
    D3D12_MESSAGE *m;

    assert_int_equal(ID3D12InfoQueue_GetMessage(queue, index, NULL, &size), S_OK);
    m = malloc(size);
    assert_int_equal(ID3D12InfoQueue_GetMessage(queue, index, m, &size), S_OK);
    *out = *m;
    snprintf(text, text_size, "%s", m->pDescription);
    out->pDescription = NULL;
    free(m);
}

/* Debug-output lines, captured instead of stderr. */
static unsigned int line_count;
static char last_line[1024];

static void capture_line(void *context, const char *line)
{
    (void)context;
    ++line_count;
    snprintf(last_line, sizeof(last_line), "%s", line);
}

static int setup(void **state)
{
    (void)state;
    unsetenv("MOCKD3D12_DEBUG");
    dbg_reset();
    line_count = 0;
    last_line[0] = 0;
    dbg_set_output_hook(capture_line, NULL);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    dbg_set_output_hook(NULL, NULL);
    dbg_reset();
    return 0;
}

/* ---- ID3D12Debug ---- */
static void test_debug_interfaces(void **state)
{
    static const struct { const char *name; const IID *iid; HRESULT hr; } rows[] =
    {
        {"IUnknown", &IID_IUnknown, S_OK},
        {"ID3D12Debug", &IID_ID3D12Debug, S_OK},
        {"ID3D12Debug1", &IID_ID3D12Debug1, S_OK},
        {"ID3D12Debug2", &IID_ID3D12Debug2, S_OK},
        {"ID3D12Debug3", &IID_ID3D12Debug3, S_OK},
        {"ID3D12Debug4", &IID_ID3D12Debug4, S_OK},
        {"ID3D12Debug5", &IID_ID3D12Debug5, S_OK},
        {"ID3D12Debug6", &IID_ID3D12Debug6, S_OK},
        {"ID3D12InfoQueue", &IID_ID3D12InfoQueue, E_NOINTERFACE},
        {"ID3D12DebugDevice", &IID_ID3D12DebugDevice, E_NOINTERFACE},
    };
    struct row_failures failures = {0};
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        IUnknown *unk = (IUnknown *)(uintptr_t)1, *other;
        HRESULT hr = dbg_get_debug_interface(rows[i].iid, (void **)&unk);

        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (FAILED(hr))
        {
            if (unk)
                row_fail(&failures, i, rows[i].name, "out pointer not cleared");
            continue;
        }
        /* Every interface reaches every other one on the same object. */
        if (IUnknown_QueryInterface(unk, &IID_ID3D12Debug2, (void **)&other) != S_OK)
            row_fail(&failures, i, rows[i].name, "no ID3D12Debug2");
        else
            IUnknown_Release(other);
        if (IUnknown_QueryInterface(unk, &IID_ID3D12Debug6, (void **)&other) != S_OK)
            row_fail(&failures, i, rows[i].name, "no ID3D12Debug6");
        else if (IUnknown_Release(other) != 1)
            row_fail(&failures, i, rows[i].name, "ID3D12Debug6 Release did not leave 1 reference");
        if (IUnknown_Release(unk))
            row_fail(&failures, i, rows[i].name, "references left");
    }
    rows_done(&failures);
    assert_int_equal(dbg_get_debug_interface(&IID_ID3D12Debug, NULL), E_POINTER);
}

static void test_debug_settings(void **state)
{
    ID3D12Debug6 *debug6;
    ID3D12Debug1 *debug1;
    ID3D12Debug2 *debug2;
    struct dbg_settings s;

    (void)state;
    dbg_get_settings(&s);
    assert_false(s.layer_enabled);
    assert_false(s.gpu_based_validation);
    assert_true(s.synchronized_command_queue_validation);
    assert_false(dbg_layer_enabled());

    assert_int_equal(dbg_get_debug_interface(&IID_ID3D12Debug6, (void **)&debug6), S_OK);
    assert_int_equal(ID3D12Debug6_QueryInterface(debug6, &IID_ID3D12Debug1, (void **)&debug1), S_OK);
    assert_int_equal(ID3D12Debug6_QueryInterface(debug6, &IID_ID3D12Debug2, (void **)&debug2), S_OK);

    ID3D12Debug1_EnableDebugLayer(debug1);
    assert_true(dbg_layer_enabled());
    ID3D12Debug6_DisableDebugLayer(debug6);
    assert_false(dbg_layer_enabled());
    ID3D12Debug6_EnableDebugLayer(debug6);
    ID3D12Debug1_SetEnableGPUBasedValidation(debug1, TRUE);
    ID3D12Debug6_SetEnableSynchronizedCommandQueueValidation(debug6, FALSE);
    ID3D12Debug2_SetGPUBasedValidationFlags(debug2, D3D12_GPU_BASED_VALIDATION_FLAGS_DISABLE_STATE_TRACKING);
    ID3D12Debug6_SetEnableAutoName(debug6, TRUE);
    ID3D12Debug6_SetForceLegacyBarrierValidation(debug6, TRUE);
    dbg_get_settings(&s);
    assert_true(s.layer_enabled);
    assert_true(s.gpu_based_validation);
    assert_false(s.synchronized_command_queue_validation);
    assert_int_equal(s.gpu_based_validation_flags, D3D12_GPU_BASED_VALIDATION_FLAGS_DISABLE_STATE_TRACKING);
    assert_true(s.auto_name);
    assert_true(s.force_legacy_barrier_validation);

    ID3D12Debug1_Release(debug1);
    ID3D12Debug2_Release(debug2);
    assert_int_equal(ID3D12Debug6_Release(debug6), 0);

    dbg_reset();
    dbg_get_settings(&s);
    assert_false(s.layer_enabled);
    assert_false(s.gpu_based_validation);
    assert_true(s.synchronized_command_queue_validation);
}

static void test_debug_env(void **state)
{
    static const struct { const char *value; bool enabled; } rows[] =
    {
        {NULL, false}, {"", false}, {"0", false}, {"1", true},
    };
    struct row_failures failures = {0};
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        if (rows[i].value)
            setenv("MOCKD3D12_DEBUG", rows[i].value, 1);
        else
            unsetenv("MOCKD3D12_DEBUG");
        if (dbg_layer_enabled() != rows[i].enabled)
            row_fail(&failures, i, rows[i].value ? rows[i].value : "(unset)", "MOCKD3D12_DEBUG: enabled %d",
                    !rows[i].enabled);
    }
    unsetenv("MOCKD3D12_DEBUG");
    rows_done(&failures);
}

/* ---- The catalog: the exact text of every message ---- */
enum shape { SHAPE_S, SHAPE_SS, SHAPE_SSS, SHAPE_SSSS, SHAPE_UU, SHAPE_SSSU, SHAPE_SUSSU, SHAPE_USUSUU, SHAPE_SSSSUSUS, SHAPE_LIVE, SHAPE_SU, SHAPE_ULLL, SHAPE_SL, SHAPE_SUUU };

struct catalog_row
{
    D3D12_MESSAGE_ID id;
    enum shape shape;
    const char *s[5];
    unsigned int u[4];
    const char *expected;
};

static const struct catalog_row catalog_rows[] =
{
    /* The command lists' messages (src/objects/command_list.c, src/device/device_lists.c): method, why. */
    {(D3D12_MESSAGE_ID)540, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 540"}, {0},
            "ID3D12GraphicsCommandList::Close: why 540."},
    {(D3D12_MESSAGE_ID)541, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 541"}, {0},
            "ID3D12GraphicsCommandList::Close: why 541."},
    {(D3D12_MESSAGE_ID)543, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 543"}, {0},
            "ID3D12GraphicsCommandList::Close: why 543."},
    {(D3D12_MESSAGE_ID)544, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 544"}, {0},
            "ID3D12GraphicsCommandList::Close: why 544."},
    {(D3D12_MESSAGE_ID)547, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 547"}, {0},
            "ID3D12GraphicsCommandList::Close: why 547."},
    {(D3D12_MESSAGE_ID)549, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 549"}, {0},
            "ID3D12GraphicsCommandList::Close: why 549."},
    {(D3D12_MESSAGE_ID)692, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 692"}, {0},
            "ID3D12GraphicsCommandList::Close: why 692."},
    {(D3D12_MESSAGE_ID)694, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 694"}, {0},
            "ID3D12GraphicsCommandList::Close: why 694."},
    {(D3D12_MESSAGE_ID)835, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 835"}, {0},
            "ID3D12GraphicsCommandList::Close: why 835."},
    {(D3D12_MESSAGE_ID)836, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 836"}, {0},
            "ID3D12GraphicsCommandList::Close: why 836."},
    {(D3D12_MESSAGE_ID)837, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 837"}, {0},
            "ID3D12GraphicsCommandList::Close: why 837."},
    {(D3D12_MESSAGE_ID)838, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 838"}, {0},
            "ID3D12GraphicsCommandList::Close: why 838."},
    {(D3D12_MESSAGE_ID)977, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 977"}, {0},
            "ID3D12GraphicsCommandList::Close: why 977."},
    {(D3D12_MESSAGE_ID)1045, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1045"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1045."},
    {(D3D12_MESSAGE_ID)1048, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1048"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1048."},
    {(D3D12_MESSAGE_ID)1077, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1077"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1077."},
    {(D3D12_MESSAGE_ID)1093, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1093"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1093."},
    {(D3D12_MESSAGE_ID)1095, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1095"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1095."},
    {(D3D12_MESSAGE_ID)1126, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1126"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1126."},
    {(D3D12_MESSAGE_ID)1155, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1155"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1155."},
    {(D3D12_MESSAGE_ID)1158, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1158"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1158."},
    {(D3D12_MESSAGE_ID)1159, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1159"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1159."},
    {(D3D12_MESSAGE_ID)1160, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1160"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1160."},
    {(D3D12_MESSAGE_ID)1236, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1236"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1236."},
    {(D3D12_MESSAGE_ID)1237, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1237"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1237."},
    {(D3D12_MESSAGE_ID)1313, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1313"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1313."},
    {(D3D12_MESSAGE_ID)1343, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1343"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1343."},
    {(D3D12_MESSAGE_ID)1353, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1353"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1353."},
    {(D3D12_MESSAGE_ID)1359, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1359"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1359."},
    {(D3D12_MESSAGE_ID)1364, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1364"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1364."},
    {(D3D12_MESSAGE_ID)1381, SHAPE_SS, {"ID3D12GraphicsCommandList::Close", "why 1381"}, {0},
            "ID3D12GraphicsCommandList::Close: why 1381."},
    {D3D12_MESSAGE_ID_LIVE_OBJECT_SUMMARY, SHAPE_LIVE, {"ID3D12Fence", ""}, {2, 0},
            "\tLive ID3D12Fence at 0x00000000DEADBEEF, Refcount: 2, IntRef: 0"},
    {D3D12_MESSAGE_ID_LIVE_DEVICE, SHAPE_LIVE, {"ID3D12Device", ", Name: dev"}, {3, 0},
            "Live ID3D12Device at 0x00000000DEADBEEF, Name: dev, Refcount: 3"},
    {D3D12_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_MISMATCHED_DATA_SIZE, SHAPE_SUSSU,
            {"CheckFeatureSupport", "D3D12_OPTIONS", "D3D12_FEATURE_DATA_D3D12_OPTIONS"}, {4, 60},
            "ID3D12Device::CheckFeatureSupport: FeatureSupportDataSize is 4 but D3D12_FEATURE_D3D12_OPTIONS needs "
            "sizeof(D3D12_FEATURE_DATA_D3D12_OPTIONS) = 60; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEDEVICE_INVALIDARGS, SHAPE_S, {"ppDevice is NULL"}, {0},
            "D3D12CreateDevice: ppDevice is NULL"},
    {D3D12_MESSAGE_ID_LIVE_COMMANDQUEUE, SHAPE_LIVE, {"ID3D12CommandQueue", ", Name: q"}, {1, 0},
            "\tLive ID3D12CommandQueue at 0x00000000DEADBEEF, Name: q, Refcount: 1, IntRef: 0"},
    {D3D12_MESSAGE_ID_LIVE_COMMANDALLOCATOR, SHAPE_LIVE, {"ID3D12CommandAllocator", ""}, {1, 0},
            "\tLive ID3D12CommandAllocator at 0x00000000DEADBEEF, Refcount: 1, IntRef: 0"},
    {D3D12_MESSAGE_ID_LIVE_PIPELINESTATE, SHAPE_LIVE, {"ID3D12PipelineState", ""}, {1, 0},
            "\tLive ID3D12PipelineState at 0x00000000DEADBEEF, Refcount: 1, IntRef: 0"},
    {D3D12_MESSAGE_ID_LIVE_RESOURCE, SHAPE_LIVE, {"ID3D12Resource", ""}, {1, 0},
            "\tLive ID3D12Resource at 0x00000000DEADBEEF, Refcount: 1, IntRef: 0"},
    {D3D12_MESSAGE_ID_LIVE_DESCRIPTORHEAP, SHAPE_LIVE, {"ID3D12DescriptorHeap", ""}, {1, 0},
            "\tLive ID3D12DescriptorHeap at 0x00000000DEADBEEF, Refcount: 1, IntRef: 0"},
    {D3D12_MESSAGE_ID_LIVE_ROOTSIGNATURE, SHAPE_LIVE, {"ID3D12RootSignature", ""}, {1, 0},
            "\tLive ID3D12RootSignature at 0x00000000DEADBEEF, Refcount: 1, IntRef: 0"},
    {(D3D12_MESSAGE_ID)310, SHAPE_SS, {"ID3D12Resource::Map", "why 310"}, {0},
            "ID3D12Resource::Map: why 310; nothing is done."},
    {(D3D12_MESSAGE_ID)597, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 597", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 597; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)599, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 599", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 599; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)602, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 602", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 602; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)603, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 603", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 603; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)604, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 604", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 604; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)623, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 623", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 623; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)624, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 624", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 624; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)625, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 625", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 625; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)626, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 626", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 626; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)627, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 627", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 627; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)628, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 628", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 628; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)629, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 629", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 629; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)630, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 630", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 630; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)631, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 631", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 631; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)633, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 633", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 633; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)634, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 634", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 634; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)635, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 635", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 635; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)636, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 636", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 636; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)637, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 637", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 637; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)638, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 638", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 638; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)639, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 639", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 639; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)640, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 640", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 640; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)642, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 642", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 642; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)700, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 700", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 700; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)701, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 701", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 701; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)718, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 718", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 718; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)719, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 719", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 719; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)720, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 720", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 720; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)721, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 721", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 721; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)722, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 722", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 722; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)723, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 723", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 723; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)724, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 724", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 724; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)737, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 737", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 737; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)738, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 738", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 738; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)815, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 815", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 815; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)816, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 816", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 816; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)817, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 817", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 817; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)822, SHAPE_SS, {"ID3D12Resource::Map", "why 822"}, {0},
            "ID3D12Resource::Map: why 822; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)823, SHAPE_SS, {"ID3D12Resource::Map", "why 823"}, {0},
            "ID3D12Resource::Map: why 823; nothing is done."},
    {(D3D12_MESSAGE_ID)826, SHAPE_SS, {"ID3D12Resource::Map", "why 826"}, {0},
            "ID3D12Resource::Map: why 826; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)827, SHAPE_SS, {"ID3D12Resource::Map", "why 827"}, {0},
            "ID3D12Resource::Map: why 827; nothing is done."},
    {(D3D12_MESSAGE_ID)832, SHAPE_SS, {"ID3D12Resource::Map", "why 832"}, {0},
            "ID3D12Resource::Map: why 832; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)889, SHAPE_SS, {"ID3D12Resource::Map", "why 889"}, {0},
            "ID3D12Resource::Map: why 889; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)890, SHAPE_SS, {"ID3D12Resource::Map", "why 890"}, {0},
            "ID3D12Resource::Map: why 890; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)891, SHAPE_SS, {"ID3D12Resource::Map", "why 891"}, {0},
            "ID3D12Resource::Map: why 891; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)892, SHAPE_SS, {"ID3D12Resource::Map", "why 892"}, {0},
            "ID3D12Resource::Map: why 892; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)894, SHAPE_SS, {"ID3D12Resource::Map", "why 894"}, {0},
            "ID3D12Resource::Map: why 894; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)895, SHAPE_SS, {"ID3D12Resource::Map", "why 895"}, {0},
            "ID3D12Resource::Map: why 895; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)896, SHAPE_SS, {"ID3D12Resource::Map", "why 896"}, {0},
            "ID3D12Resource::Map: why 896; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)897, SHAPE_SS, {"ID3D12Resource::Map", "why 897"}, {0},
            "ID3D12Resource::Map: why 897; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)901, SHAPE_SS, {"ID3D12Resource::Map", "why 901"}, {0},
            "ID3D12Resource::Map: why 901; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)1252, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 1252", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 1252; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)1256, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 1256", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 1256; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)1257, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 1257", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 1257; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)1362, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 1362", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 1362; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)1363, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 1363", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 1363; returning E_INVALIDARG."},
    {(D3D12_MESSAGE_ID)1380, SHAPE_SSS, {"ID3D12Device::CreateHeap", "why 1380", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateHeap: why 1380; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_LIVE_HEAP, SHAPE_LIVE, {"ID3D12Heap", ""}, {1, 0},
            "\tLive ID3D12Heap at 0x00000000DEADBEEF, Refcount: 1, IntRef: 0"},
    {D3D12_MESSAGE_ID_LIVE_QUERYHEAP, SHAPE_LIVE, {"ID3D12QueryHeap", ""}, {1, 0},
            "\tLive ID3D12QueryHeap at 0x00000000DEADBEEF, Refcount: 1, IntRef: 0"},
    {D3D12_MESSAGE_ID_LIVE_COMMANDSIGNATURE, SHAPE_LIVE, {"ID3D12CommandSignature", ""}, {1, 0},
            "\tLive ID3D12CommandSignature at 0x00000000DEADBEEF, Refcount: 1, IntRef: 0"},
    {D3D12_MESSAGE_ID_CREATE_DESCRIPTOR_HEAP_INVALID_DESC, SHAPE_S, {"NumDescriptors is 0"}, {0},
            "ID3D12Device::CreateDescriptorHeap: NumDescriptors is 0; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_MAKERESIDENT_NULLOBJECTARRAY, SHAPE_SU, {"MakeResident"}, {2},
            "ID3D12Device::MakeResident: ppObjects is NULL but NumObjects is 2; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEQUERY_HEAP_INVALID_PARAMETERS, SHAPE_SS, {"ID3D12Device::CreateQueryHeap", "Count is 0"},
            {0}, "ID3D12Device::CreateQueryHeap: Count is 0; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATECOMMANDSIGNATURE_INVALID, SHAPE_S, {"NumArgumentDescs is 0"}, {0},
            "ID3D12Device::CreateCommandSignature: NumArgumentDescs is 0; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEQUERY_HEAP_VIDEO_DECODE_STATISTICS_NOT_SUPPORTED, SHAPE_SS,
            {"ID3D12Device15::CreateQueryHeap1", "no video"}, {0},
            "ID3D12Device15::CreateQueryHeap1: no video; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEQUERY_HEAP_COPY_QUEUE_TIMESTAMPS_NOT_SUPPORTED, SHAPE_SS,
            {"ID3D12Device::CreateQueryHeap", "no copy-queue timestamps"}, {0},
            "ID3D12Device::CreateQueryHeap: no copy-queue timestamps; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEQUERYHEAP_INVALID_FLAGS, SHAPE_S, {"Flags 0x2 has bits (0x2)"}, {0},
            "ID3D12Device15::CreateQueryHeap1: Flags 0x2 has bits (0x2); returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_BEGIN_END_QUERY_INVALID_PARAMETERS, SHAPE_SS, {"ID3D12GraphicsCommandList::BeginQuery",
            "a TIMESTAMP query has no BeginQuery"}, {0},
            "ID3D12GraphicsCommandList::BeginQuery: a TIMESTAMP query has no BeginQuery."},
    {D3D12_MESSAGE_ID_CLOSE_COMMAND_LIST_OPEN_QUERY, SHAPE_SS, {"ID3D12GraphicsCommandList::Close",
            "1 queries are not ended"}, {0}, "ID3D12GraphicsCommandList::Close: 1 queries are not ended."},
    {D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS, SHAPE_SS, {"ID3D12GraphicsCommandList::ResolveQueryData",
            "pDestinationBuffer is NULL"}, {0},
            "ID3D12GraphicsCommandList::ResolveQueryData: pDestinationBuffer is NULL."},
    {D3D12_MESSAGE_ID_RESOLVE_QUERY_INVALID_QUERY_STATE, SHAPE_SS, {"ID3D12Device15::ResolveQueryData",
            "query 1 never executed"}, {0}, "ID3D12Device15::ResolveQueryData: query 1 never executed."},
    {D3D12_MESSAGE_ID_RESOLVEQUERYDATA_INVALID_QUERYHEAP, SHAPE_SS, {"ID3D12Device15::ResolveQueryData",
            "no CPU_RESOLVE"}, {0}, "ID3D12Device15::ResolveQueryData: no CPU_RESOLVE."},
    {D3D12_MESSAGE_ID_EVICT_NULLOBJECTARRAY, SHAPE_SU, {"Evict"}, {1},
            "ID3D12Device::Evict: ppObjects is NULL but NumObjects is 1; returning E_INVALIDARG."},
    /* A device's removal (src/device/device.c, docs/faults.md): method, reason, meaning, the plan's rule. */
    {D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_AT_FAULT, SHAPE_SSSS, {"ID3D12CommandQueue::ExecuteCommandLists",
            "DXGI_ERROR_DEVICE_HUNG", "the GPU hung", " (mockd3d12's fault plan: remove:hung@ExecuteCommandLists#3)"},
            {0}, "ID3D12CommandQueue::ExecuteCommandLists: Device removal has been triggered for the following "
            "reason (DXGI_ERROR_DEVICE_HUNG: the GPU hung). (mockd3d12's fault plan: remove:hung@ExecuteCommandLists#3)"},
    {D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_POSSIBLY_AT_FAULT, SHAPE_SSSS, {"ID3D12Device::CreateFence",
            "DXGI_ERROR_DEVICE_RESET", "a badly formed command", ""}, {0}, "ID3D12Device::CreateFence: Device "
            "removal has been triggered for the following reason (DXGI_ERROR_DEVICE_RESET: a badly formed command)."},
    {D3D12_MESSAGE_ID_DEVICE_REMOVAL_PROCESS_NOT_AT_FAULT, SHAPE_SSSS, {"ID3D12Device5::RemoveDevice",
            "DXGI_ERROR_DEVICE_REMOVED", "the GPU was removed", ""}, {0}, "ID3D12Device5::RemoveDevice: Device "
            "removal has been triggered for the following reason (DXGI_ERROR_DEVICE_REMOVED: the GPU was removed)."},
    {D3D12_MESSAGE_ID_OBJECT_DELETED_WHILE_STILL_IN_USE, SHAPE_ULLL, {NULL}, {3, 5, 2},
            "ID3D12CommandQueue::Release: 3 operation(s) of the queue are still pending behind "
            "ID3D12CommandQueue::Wait(fence 0x00000000DEADBEEF, 5), the fence being at 2; on a GPU the queue would "
            "hang; they are dropped."},
    {D3D12_MESSAGE_ID_SETEVENTONMULTIPLEFENCECOMPLETION_INVALIDFLAGS, SHAPE_S, {"NumFences is 0"}, {0},
            "ID3D12Device1::SetEventOnMultipleFenceCompletion: NumFences is 0; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_SETRESIDENCYPRIORITY_INVALID_PAGEABLE, SHAPE_SU, {"ppObjects is NULL"}, {4},
            "ID3D12Device1::SetResidencyPriority: ppObjects is NULL (NumObjects 4); returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATE_FENCE_INVALID_FLAGS, SHAPE_SS, {"Flags 0x8 has bits (0x8) that are no D3D12_FENCE_FLAGS",
            "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateFence: Flags 0x8 has bits (0x8) that are no D3D12_FENCE_FLAGS; returning E_INVALIDARG."},
    /* Pipeline states and libraries (src/device/device_pipelines.c): method, why, result. */
    {D3D12_MESSAGE_ID_CREATEVERTEXSHADER_INVALIDSHADERBYTECODE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 67", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 67; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEVERTEXSHADER_INVALIDSHADERTYPE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 68", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 68; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGEOMETRYSHADER_INVALIDSHADERBYTECODE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 70", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 70; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGEOMETRYSHADER_INVALIDSHADERTYPE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 71", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 71; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERBYTECODE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 93", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 93; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERTYPE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 94", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 94; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDFILLMODE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 95", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 95; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDCULLMODE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 96", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 96; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEHULLSHADER_INVALIDSHADERBYTECODE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 290", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 290; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEHULLSHADER_INVALIDSHADERTYPE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 291", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 291; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEDOMAINSHADER_INVALIDSHADERBYTECODE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 295", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 295; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEDOMAINSHADER_INVALIDSHADERTYPE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 296", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 296; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATECOMPUTESHADER_INVALIDSHADERBYTECODE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 322", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 322; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEBLENDSTATE_INVALIDLOGICOPS, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 403", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 403; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_RENDER_TARGET_FORMAT_MISMATCH_PIPELINE_STATE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 613", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 613; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 647", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 647; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_RTV_FORMAT_NOT_UNKNOWN, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 655", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 655; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_INVALID_RENDER_TARGET_COUNT, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 656", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 656; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_VERTEX_SHADER_NOT_SET, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 657", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 657; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_INPUTLAYOUT_NOT_SET, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 658", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 658; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_HS_XOR_DS_MISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 667", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 667; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 668", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 668; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_OM_RENDER_TARGET_DOES_NOT_SUPPORT_BLENDING, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 676", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 676; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE_FLAGS, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 683", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 683; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 685", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 685; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_HS_ROOT_SIGNATURE_MISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 686", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 686; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_DS_ROOT_SIGNATURE_MISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 687", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 687; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_VS_ROOT_SIGNATURE_MISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 688", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 688; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_GS_ROOT_SIGNATURE_MISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 689", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 689; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_PS_ROOT_SIGNATURE_MISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 690", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 690; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_MISSING_ROOT_SIGNATURE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 691", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 691; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_INVALID_SHADER, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 881", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 881; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_CS_ROOT_SIGNATURE_MISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 882", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 882; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATECOMPUTEPIPELINESTATE_MISSING_ROOT_SIGNATURE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 883", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 883; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALIDCACHEDBLOB, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 884", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 884; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CACHEDBLOBADAPTERMISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 885", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 885; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CACHEDBLOBDRIVERVERSIONMISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 886", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 886; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CACHEDBLOBDESCMISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 887", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 887; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_INVALID_NODE_INDEX, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 900", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 900; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_FLAGS, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 922", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 922; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_INVALIDLIBRARYBLOB, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 962", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 962; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_DRIVERVERSIONMISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 963", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 963; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_ADAPTERVERSIONMISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 964", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 964; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINELIBRARY_UNSUPPORTED, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 965", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 965; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_STOREPIPELINE_NONAME, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 969", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 969; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_STOREPIPELINE_DUPLICATENAME, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 970", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 970; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_LOADPIPELINE_NAMENOTFOUND, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 971", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 971; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_LOADPIPELINE_INVALIDDESC, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 972", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 972; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_PIPELINELIBRARY_SERIALIZE_NOTENOUGHMEMORY, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 973", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 973; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_DEPTHBOUNDSTEST_UNSUPPORTED, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1017", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1017; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINESTATE_DUPLICATE_SUBOBJECT, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1018", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1018; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINESTATE_UNKNOWN_SUBOBJECT, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1019", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1019; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINESTATE_ZERO_SIZE_STREAM, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1020", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1020; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINESTATE_INVALID_STREAM, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1021", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1021; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEPIPELINESTATE_CANNOT_DEDUCE_TYPE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1022", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1022; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_VIEW_INSTANCING_INVALIDARGS, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1096", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1096; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_AS_ROOT_SIGNATURE_MISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1244", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1244; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_MS_ROOT_SIGNATURE_MISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1245", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1245; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_ADD_TO_STATE_OBJECT_ERROR, SHAPE_SSS, {"ID3D12Device7::AddToStateObject", "why 1246", "E_INVALIDARG"},
            {0}, "ID3D12Device7::AddToStateObject: why 1246; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_MS_PSO_DESC_MISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1248", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1248; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_AS_NOT_MS_MISMATCH, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1250", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1250; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEMESHSHADER_INVALIDSHADERBYTECODE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1265", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1265; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEAMPLIFICATIONSHADER_INVALIDSHADERBYTECODE, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1278", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1278; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_INDEPENDENT_MASKS_UNSUPPORTED, SHAPE_SSS, {"ID3D12Device::CreateGraphicsPipelineState", "why 1354", "E_INVALIDARG"},
            {0}, "ID3D12Device::CreateGraphicsPipelineState: why 1354; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_LIVE_PIPELINELIBRARY, SHAPE_LIVE, {"ID3D12PipelineLibrary", ""}, {1, 0},
            "\tLive ID3D12PipelineLibrary at 0x00000000DEADBEEF, Refcount: 1, IntRef: 0"},
    /* Shader cache sessions (src/device/device_shader_cache.c, src/objects/shader_cache_session.c). */
    {D3D12_MESSAGE_ID_LIVE_SHADERCACHESESSION, SHAPE_LIVE, {"ID3D12ShaderCacheSession", ""}, {1, 0},
            "\tLive ID3D12ShaderCacheSession at 0x00000000DEADBEEF, Refcount: 1, IntRef: 0"},
    {D3D12_MESSAGE_ID_CREATESHADERCACHESESSION_INVALIDARGS, SHAPE_SSS, {"ID3D12Device9::CreateShaderCacheSession", "pDesc is NULL", "E_INVALIDARG"},
            {0}, "ID3D12Device9::CreateShaderCacheSession: pDesc is NULL; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATESHADERCACHESESSION_DISABLED, SHAPE_SSS, {"ID3D12Device9::CreateShaderCacheSession", "application shader caches are disabled", "DXGI_ERROR_NOT_CURRENTLY_AVAILABLE"},
            {0}, "ID3D12Device9::CreateShaderCacheSession: application shader caches are disabled; returning DXGI_ERROR_NOT_CURRENTLY_AVAILABLE."},
    {D3D12_MESSAGE_ID_CREATESHADERCACHESESSION_ALREADYOPEN, SHAPE_SSS, {"ID3D12Device9::CreateShaderCacheSession", "why 1285", "DXGI_ERROR_ALREADY_EXISTS"},
            {0}, "ID3D12Device9::CreateShaderCacheSession: why 1285; returning DXGI_ERROR_ALREADY_EXISTS."},
    {D3D12_MESSAGE_ID_SHADERCACHECONTROL_INVALIDFLAGS, SHAPE_SSS, {"ID3D12Device9::ShaderCacheControl", "Control 0 is not a set of D3D12_SHADER_CACHE_CONTROL_FLAGS", "E_INVALIDARG"},
            {0}, "ID3D12Device9::ShaderCacheControl: Control 0 is not a set of D3D12_SHADER_CACHE_CONTROL_FLAGS; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_SHADERCACHECONTROL_STATEALREADYSET, SHAPE_SSS, {"ID3D12Device9::ShaderCacheControl", "application shader caches are already enabled", "S_OK"},
            {0}, "ID3D12Device9::ShaderCacheControl: application shader caches are already enabled; returning S_OK."},
    {D3D12_MESSAGE_ID_SHADERCACHESESSION_STOREVALUE_ALREADYPRESENT, SHAPE_SSS, {"ID3D12ShaderCacheSession::StoreValue", "why 1290", "DXGI_ERROR_ALREADY_EXISTS"},
            {0}, "ID3D12ShaderCacheSession::StoreValue: why 1290; returning DXGI_ERROR_ALREADY_EXISTS."},
    {D3D12_MESSAGE_ID_SHADERCACHESESSION_STOREVALUE_CACHEFULL, SHAPE_SSS, {"ID3D12ShaderCacheSession::StoreValue", "why 1292", "DXGI_ERROR_CACHE_FULL"},
            {0}, "ID3D12ShaderCacheSession::StoreValue: why 1292; returning DXGI_ERROR_CACHE_FULL."},
    {D3D12_MESSAGE_ID_SHADERCACHESESSION_FINDVALUE_NOTFOUND, SHAPE_SSS, {"ID3D12ShaderCacheSession::FindValue", "the cache holds no value of that key", "DXGI_ERROR_NOT_FOUND"},
            {0}, "ID3D12ShaderCacheSession::FindValue: the cache holds no value of that key; returning DXGI_ERROR_NOT_FOUND."},
    {D3D12_MESSAGE_ID_SHADERCACHESESSION_DISABLED, SHAPE_SSS, {"ID3D12ShaderCacheSession::FindValue", "why 1295", "DXGI_ERROR_NOT_CURRENTLY_AVAILABLE"},
            {0}, "ID3D12ShaderCacheSession::FindValue: why 1295; returning DXGI_ERROR_NOT_CURRENTLY_AVAILABLE."},
    {D3D12_MESSAGE_ID_MOCKD3D12_SHADERCACHESESSION_INVALIDARGS, SHAPE_SSS, {"ID3D12ShaderCacheSession::FindValue", "pValueSize is NULL", "E_INVALIDARG"},
            {0}, "ID3D12ShaderCacheSession::FindValue: pValueSize is NULL; returning E_INVALIDARG."},
    /* Root signatures (src/device/device_root_signature.c): why, result. */
    {D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_BLOB_NOT_FOUND, SHAPE_SS,
            {"the DXBC container has no RTS0 part", "E_FAIL"}, {0},
            "ID3D12Device::CreateRootSignature: the DXBC container has no RTS0 part; returning E_FAIL."},
    {D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED, SHAPE_SS,
            {"the DXBC container's checksum is wrong", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateRootSignature: the DXBC container's checksum is wrong; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_INVALID_CONFIGURATION, SHAPE_SS,
            {"root parameter [0], descriptor range [0]: NumDescriptors is 0", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateRootSignature: root parameter [0], descriptor range [0]: NumDescriptors is 0; "
            "returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE, SHAPE_SS,
            {"it is a version 1.1 root signature, and min-fl11_0 answers D3D12_FEATURE_ROOT_SIGNATURE with "
            "HighestVersion 1.0 on this runtime", "E_INVALIDARG"}, {0},
            "ID3D12Device::CreateRootSignature: it is a version 1.1 root signature, and min-fl11_0 answers "
            "D3D12_FEATURE_ROOT_SIGNATURE with HighestVersion 1.0 on this runtime; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATE_DESCRIPTOR_HEAP_LARGE_NUM_DESCRIPTORS, SHAPE_S,
            {"NumDescriptors 2049 is more than a shader-visible D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER heap may have on "
            "min-fl11_0: 2048 (D3D12_MAX_SHADER_VISIBLE_SAMPLER_HEAP_SIZE)"}, {0},
            "ID3D12Device::CreateDescriptorHeap: NumDescriptors 2049 is more than a shader-visible "
            "D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER heap may have on min-fl11_0: 2048 "
            "(D3D12_MAX_SHADER_VISIBLE_SAMPLER_HEAP_SIZE); returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_ENQUEUE_MAKE_RESIDENT_INVALID_FLAGS, SHAPE_S, {"pFenceToSignal is not a fence"}, {0},
            "ID3D12Device3::EnqueueMakeResident: pFenceToSignal is not a fence; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, SHAPE_SSS, {"ID3D12Device::GetCopyableFootprints",
            "the resource description is invalid: a 1D texture's Height is not 1", "with every output filled with ~0"},
            {0}, "ID3D12Device::GetCopyableFootprints: the resource description is invalid: a 1D texture's Height is "
            "not 1; returning with every output filled with ~0."},
    {D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_INVALIDSUBRESOURCERANGE, SHAPE_SUUU,
            {"ID3D12Device8::GetCopyableFootprints1"}, {2, 3, 4},
            "ID3D12Device8::GetCopyableFootprints1: subresources 2 + 3 are past the resource's 4; every output is "
            "filled with ~0."},
    {D3D12_MESSAGE_ID_GETCOPYABLEFOOTPRINTS_UNSUPPORTED_BUFFER_WIDTH, SHAPE_SL, {"ID3D12Device::GetCopyableFootprints"},
            {0}, "ID3D12Device::GetCopyableFootprints: a buffer 3735928559 bytes wide has a row pitch no UINT holds; "
            "every output is filled with ~0."},
    {D3D12_MESSAGE_ID_CREATE_STATE_OBJECT_ERROR, SHAPE_SSS, {"ID3D12Device5::CreateStateObject", "why 1194", "E_INVALIDARG"},
            {0}, "ID3D12Device5::CreateStateObject: why 1194; returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_SET_BACKGROUND_PROCESSING_MODE_INVALID_ARGUMENT, SHAPE_S,
            {"Mode 9 is no D3D12_BACKGROUND_PROCESSING_MODE"}, {0},
            "ID3D12Device6::SetBackgroundProcessingMode: Mode 9 is no D3D12_BACKGROUND_PROCESSING_MODE; returning "
            "E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_UNRECOGNIZEDFORMAT, SHAPE_SS, {"ID3D12Device::CreateShaderResourceView",
            "Format 999 is not a DXGI_FORMAT this runtime knows"}, {0},
            "ID3D12Device::CreateShaderResourceView: Format 999 is not a DXGI_FORMAT this runtime knows; nothing is written."},
    {D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC, SHAPE_SS, {"ID3D12Device::CreateShaderResourceView",
            "pDesc is NULL, and a NULL pResource (a null descriptor) needs one"}, {0},
            "ID3D12Device::CreateShaderResourceView: pDesc is NULL, and a NULL pResource (a null descriptor) needs one; nothing is written."},
    {D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT, SHAPE_SS, {"ID3D12Device::CreateShaderResourceView",
            "Format is DXGI_FORMAT_UNKNOWN, and a NULL pResource has no format to take"}, {0},
            "ID3D12Device::CreateShaderResourceView: Format is DXGI_FORMAT_UNKNOWN, and a NULL pResource has no format to take; nothing is written."},
    {D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS, SHAPE_SS, {"ID3D12Device::CreateShaderResourceView",
            "ViewDimension 0 is no D3D12_SRV_DIMENSION a view can have"}, {0},
            "ID3D12Device::CreateShaderResourceView: ViewDimension 0 is no D3D12_SRV_DIMENSION a view can have; nothing is written."},
    {D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDRESOURCE, SHAPE_SS, {"ID3D12Device::CreateShaderResourceView",
            "pResource 0x1 is not a resource of this device"}, {0},
            "ID3D12Device::CreateShaderResourceView: pResource 0x1 is not a resource of this device; nothing is written."},
    {D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_UNRECOGNIZEDFORMAT, SHAPE_SS, {"ID3D12Device::CreateRenderTargetView",
            "Format 999 is not a DXGI_FORMAT this runtime knows"}, {0},
            "ID3D12Device::CreateRenderTargetView: Format 999 is not a DXGI_FORMAT this runtime knows; nothing is written."},
    {D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_UNSUPPORTEDFORMAT, SHAPE_SS, {"ID3D12Device::CreateRenderTargetView",
            "DXGI_FORMAT_BC1_UNORM cannot be a render target on warp"}, {0},
            "ID3D12Device::CreateRenderTargetView: DXGI_FORMAT_BC1_UNORM cannot be a render target on warp; nothing is written."},
    {D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDESC, SHAPE_SS, {"ID3D12Device::CreateRenderTargetView",
            "pDesc is NULL"}, {0},
            "ID3D12Device::CreateRenderTargetView: pDesc is NULL; nothing is written."},
    {D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDFORMAT, SHAPE_SS, {"ID3D12Device::CreateRenderTargetView",
            "Format is DXGI_FORMAT_UNKNOWN"}, {0},
            "ID3D12Device::CreateRenderTargetView: Format is DXGI_FORMAT_UNKNOWN; nothing is written."},
    {D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDDIMENSIONS, SHAPE_SS, {"ID3D12Device::CreateRenderTargetView",
            "ViewDimension 9 is no D3D12_RTV_DIMENSION a view can have"}, {0},
            "ID3D12Device::CreateRenderTargetView: ViewDimension 9 is no D3D12_RTV_DIMENSION a view can have; nothing is written."},
    {D3D12_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDRESOURCE, SHAPE_SS, {"ID3D12Device::CreateRenderTargetView",
            "pResource 0x1 is not a mockd3d12 resource"}, {0},
            "ID3D12Device::CreateRenderTargetView: pResource 0x1 is not a mockd3d12 resource; nothing is written."},
    {D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_UNRECOGNIZEDFORMAT, SHAPE_SS, {"ID3D12Device::CreateDepthStencilView",
            "Format 999 is not a DXGI_FORMAT this runtime knows"}, {0},
            "ID3D12Device::CreateDepthStencilView: Format 999 is not a DXGI_FORMAT this runtime knows; nothing is written."},
    {D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDDESC, SHAPE_SS, {"ID3D12Device::CreateDepthStencilView",
            "pDesc is NULL"}, {0},
            "ID3D12Device::CreateDepthStencilView: pDesc is NULL; nothing is written."},
    {D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDFORMAT, SHAPE_SS, {"ID3D12Device::CreateDepthStencilView",
            "DXGI_FORMAT_R8G8B8A8_UNORM cannot be a depth-stencil view on warp"}, {0},
            "ID3D12Device::CreateDepthStencilView: DXGI_FORMAT_R8G8B8A8_UNORM cannot be a depth-stencil view on warp; nothing is written."},
    {D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDDIMENSIONS, SHAPE_SS, {"ID3D12Device::CreateDepthStencilView",
            "ViewDimension 0 is no D3D12_DSV_DIMENSION a view can have"}, {0},
            "ID3D12Device::CreateDepthStencilView: ViewDimension 0 is no D3D12_DSV_DIMENSION a view can have; nothing is written."},
    {D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDRESOURCE, SHAPE_SS, {"ID3D12Device::CreateDepthStencilView",
            "pResource 0x1 is not a mockd3d12 resource"}, {0},
            "ID3D12Device::CreateDepthStencilView: pResource 0x1 is not a mockd3d12 resource; nothing is written."},
    {D3D12_MESSAGE_ID_CREATEDEPTHSTENCILVIEW_INVALIDFLAGS, SHAPE_SS, {"ID3D12Device::CreateDepthStencilView",
            "Flags 0x4 has bits (0x4) that are no D3D12_DSV_FLAGS"}, {0},
            "ID3D12Device::CreateDepthStencilView: Flags 0x4 has bits (0x4) that are no D3D12_DSV_FLAGS; nothing is written."},
    {D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDRESOURCE, SHAPE_SS, {"ID3D12Device::CreateUnorderedAccessView",
            "pResource 0x1 is not a mockd3d12 resource"}, {0},
            "ID3D12Device::CreateUnorderedAccessView: pResource 0x1 is not a mockd3d12 resource; nothing is written."},
    {D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDESC, SHAPE_SS, {"ID3D12Device::CreateUnorderedAccessView",
            "pDesc is NULL"}, {0},
            "ID3D12Device::CreateUnorderedAccessView: pDesc is NULL; nothing is written."},
    {D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT, SHAPE_SS, {"ID3D12Device::CreateUnorderedAccessView",
            "DXGI_FORMAT_B5G6R5_UNORM cannot be a typed UAV on nvidia-rtx-5070-ti"}, {0},
            "ID3D12Device::CreateUnorderedAccessView: DXGI_FORMAT_B5G6R5_UNORM cannot be a typed UAV on nvidia-rtx-5070-ti; nothing is written."},
    {D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS, SHAPE_SS, {"ID3D12Device::CreateUnorderedAccessView",
            "ViewDimension 0 is no D3D12_UAV_DIMENSION a view can have"}, {0},
            "ID3D12Device::CreateUnorderedAccessView: ViewDimension 0 is no D3D12_UAV_DIMENSION a view can have; nothing is written."},
    {D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_UNRECOGNIZEDFORMAT, SHAPE_SS, {"ID3D12Device::CreateUnorderedAccessView",
            "Format 999 is not a DXGI_FORMAT this runtime knows"}, {0},
            "ID3D12Device::CreateUnorderedAccessView: Format 999 is not a DXGI_FORMAT this runtime knows; nothing is written."},
    {D3D12_MESSAGE_ID_INVALID_DESCRIPTOR_HANDLE, SHAPE_SS, {"ID3D12Device::CreateSampler",
            "DestDescriptor 0x0 is in no live descriptor heap of this device"}, {0},
            "ID3D12Device::CreateSampler: DestDescriptor 0x0 is in no live descriptor heap of this device; nothing is written."},
    {D3D12_MESSAGE_ID_CREATE_CONSTANT_BUFFER_VIEW_INVALID_RESOURCE, SHAPE_SS, {"ID3D12Device::CreateConstantBufferView",
            "BufferLocation 0x10000 is in no mockd3d12 resource"}, {0},
            "ID3D12Device::CreateConstantBufferView: BufferLocation 0x10000 is in no mockd3d12 resource; nothing is written."},
    {D3D12_MESSAGE_ID_CREATE_CONSTANT_BUFFER_VIEW_INVALID_DESC, SHAPE_SS, {"ID3D12Device::CreateConstantBufferView",
            "pDesc is NULL"}, {0},
            "ID3D12Device::CreateConstantBufferView: pDesc is NULL; nothing is written."},
    {D3D12_MESSAGE_ID_CREATE_UNORDEREDACCESS_VIEW_INVALID_COUNTER_USAGE, SHAPE_SS, {"ID3D12Device::CreateUnorderedAccessView",
            "pCounterResource 0x1 is given with a NULL pResource"}, {0},
            "ID3D12Device::CreateUnorderedAccessView: pCounterResource 0x1 is given with a NULL pResource; nothing is written."},
    {D3D12_MESSAGE_ID_COPY_DESCRIPTORS_INVALID_RANGES, SHAPE_SS, {"ID3D12Device::CopyDescriptors",
            "the destination ranges hold 2 descriptors and the source ranges 3"}, {0},
            "ID3D12Device::CopyDescriptors: the destination ranges hold 2 descriptors and the source ranges 3; nothing is written."},
    {D3D12_MESSAGE_ID_COPY_DESCRIPTORS_WRITE_ONLY_DESCRIPTOR, SHAPE_SS, {"ID3D12Device::CopyDescriptorsSimple",
            "SrcDescriptorRangeStart 0x100000000 is in a shader-visible heap, which the CPU cannot read"}, {0},
            "ID3D12Device::CopyDescriptorsSimple: SrcDescriptorRangeStart 0x100000000 is in a shader-visible heap, which the CPU cannot read; nothing is written."},
    {D3D12_MESSAGE_ID_CREATE_SAMPLER_INVALID, SHAPE_SS, {"ID3D12Device11::CreateSampler2",
            "Filter 0x2 is no D3D12_FILTER"}, {0},
            "ID3D12Device11::CreateSampler2: Filter 0x2 is no D3D12_FILTER; nothing is written."},
    {D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_CREATE_UAV_NULL_ARGUMENTS, SHAPE_SS, {"ID3D12Device8::CreateSamplerFeedbackUnorderedAccessView",
            "pTargetedResource is NULL"}, {0},
            "ID3D12Device8::CreateSamplerFeedbackUnorderedAccessView: pTargetedResource is NULL; nothing is written."},
    {D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_UAV_REQUIRES_SAMPLER_FEEDBACK_CAPABILITY, SHAPE_SS, {"ID3D12Device8::CreateSamplerFeedbackUnorderedAccessView",
            "a sampler feedback UAV needs D3D12_FEATURE_DATA_D3D12_OPTIONS7::SamplerFeedbackTier >= D3D12_SAMPLER_FEEDBACK_TIER_0_9 (90), which is D3D12_SAMPLER_FEEDBACK_TIER_NOT_SUPPORTED (0) on min-fl11_0"}, {0},
            "ID3D12Device8::CreateSamplerFeedbackUnorderedAccessView: a sampler feedback UAV needs D3D12_FEATURE_DATA_D3D12_OPTIONS7::SamplerFeedbackTier >= D3D12_SAMPLER_FEEDBACK_TIER_0_9 (90), which is D3D12_SAMPLER_FEEDBACK_TIER_NOT_SUPPORTED (0) on min-fl11_0; nothing is written."},
    {D3D12_MESSAGE_ID_SAMPLER_FEEDBACK_CREATE_UAV_REQUIRES_FEEDBACK_MAP_FORMAT, SHAPE_SS, {"ID3D12Device8::CreateSamplerFeedbackUnorderedAccessView",
            "pFeedbackResource 0x1 is not a mockd3d12 resource"}, {0},
            "ID3D12Device8::CreateSamplerFeedbackUnorderedAccessView: pFeedbackResource 0x1 is not a mockd3d12 resource; nothing is written."},
    {D3D12_MESSAGE_ID_MOCKD3D12_DESCRIPTOR_OUT_OF_MEMORY, SHAPE_SL, {"ID3D12Device::CopyDescriptors"}, {0},
            "ID3D12Device::CopyDescriptors: out of memory for the descriptor storage; nothing is written from the "
            "descriptor at 0xDEADBEEF on."},
    {D3D12_MESSAGE_ID_CHECKFEATURESUPPORT1_CAP_CLAMPED, SHAPE_SSSSUSUS,
            {"CheckFeatureSupport1", "D3D12_FEATURE_DATA_D3D12_OPTIONS5", "RaytracingTier",
             "D3D12_RAYTRACING_TIER_1_2", "D3D12_RAYTRACING_TIER_1_1"}, {12, 11},
            "ID3D12Device::CheckFeatureSupport1: D3D12_FEATURE_DATA_D3D12_OPTIONS5::RaytracingTier clamped from "
            "D3D12_RAYTRACING_TIER_1_2 (12) to D3D12_RAYTRACING_TIER_1_1 (11) for SDKVersion 610."},
    {D3D12_MESSAGE_ID_CHECKFEATURESUPPORT1_UNSUPPORTED_SDK_VERSION, SHAPE_USUSUU, {" (remapped to 620)", "preview"},
            {721, 717, 619, 717},
            "ID3D12Device::CheckFeatureSupport1: SDKVersion 721 (remapped to 620) is newer than this runtime's SDK "
            "version 717 (preview runtime, D3D12_SDK_VERSION 619, D3D12_PREVIEW_SDK_VERSION 717); returning "
            "E_INVALIDARG without querying."},
    {D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_DEPRECATED, SHAPE_UU, {NULL}, {620, 721},
            "ID3D12Device::CheckFeatureSupport is deprecated and pinned to the capabilities that existed before SDK "
            "620 / preview 721; query ID3D12Device17 and call CheckFeatureSupport1 with the SDK version you were "
            "built against."},
    {D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_UNKNOWN_FEATURE, SHAPE_SSSU,
            {"CheckFeatureSupport", "Feature 999", "retail"}, {619},
            "ID3D12Device::CheckFeatureSupport: Feature 999 is not a feature this runtime (retail 619) knows; "
            "returning E_INVALIDARG."},
    {D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_INVALID_INPUT, SHAPE_SSS,
            {"CheckFeatureSupport1", "FORMAT_SUPPORT", "Format 9999 is not a DXGI_FORMAT."}, {0},
            "ID3D12Device::CheckFeatureSupport1: D3D12_FEATURE_FORMAT_SUPPORT: Format 9999 is not a DXGI_FORMAT."},
    {D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_NOT_IMPLEMENTED, SHAPE_SS, {"CheckFeatureSupport", "SERIALIZATION"}, {0},
            "ID3D12Device::CheckFeatureSupport: D3D12_FEATURE_SERIALIZATION is not implemented by the runtime; "
            "returning E_NOTIMPL."},
    {D3D12_MESSAGE_ID_MOCKD3D12_UNIMPLEMENTED_METHOD, SHAPE_SS, {"ID3D12Device::CreateHeap", "E_NOTIMPL"}, {0},
            "ID3D12Device::CreateHeap is not implemented by mockd3d12 (it models capabilities, not GPU work); "
            "returning E_NOTIMPL."},
    {D3D12_MESSAGE_ID_MOCKD3D12_PROFILE_LOAD_FAILED, SHAPE_S, {"gpu.json: line 3: expected '}'"}, {0},
            "Simulated adapter profile failed to load: gpu.json: line 3: expected '}'"},
};

static void report_row(struct dbg_device *dbg, const struct catalog_row *r)
{
    const char *const *s = r->s;
    const unsigned int *u = r->u;

    switch (r->shape)
    {
        case SHAPE_S: dbg_report(dbg, r->id, s[0]); break;
        case SHAPE_SS: dbg_report(dbg, r->id, s[0], s[1]); break;
        case SHAPE_SSS: dbg_report(dbg, r->id, s[0], s[1], s[2]); break;
        case SHAPE_SSSS: dbg_report(dbg, r->id, s[0], s[1], s[2], s[3]); break;
        case SHAPE_UU: dbg_report(dbg, r->id, u[0], u[1]); break;
        case SHAPE_SSSU: dbg_report(dbg, r->id, s[0], s[1], s[2], u[0]); break;
        case SHAPE_SUSSU: dbg_report(dbg, r->id, s[0], u[0], s[1], s[2], u[1]); break;
        case SHAPE_USUSUU: dbg_report(dbg, r->id, u[0], s[0], u[1], s[1], u[2], u[3]); break;
        case SHAPE_SSSSUSUS: dbg_report(dbg, r->id, s[0], s[1], s[2], s[3], u[0], s[4], u[1], "SDKVersion 610"); break;
        case SHAPE_LIVE: dbg_report(dbg, r->id, s[0], 0xdeadbeefull, s[1], u[0], u[1]); break;
        case SHAPE_SU: dbg_report(dbg, r->id, s[0], u[0]); break;
        case SHAPE_SL: dbg_report(dbg, r->id, s[0], 0xdeadbeefull); break;
        case SHAPE_SUUU: dbg_report(dbg, r->id, s[0], u[0], u[1], u[2]); break;
        case SHAPE_ULLL: dbg_report(dbg, r->id, u[0], 0xdeadbeefull, (unsigned long long)u[1],
                (unsigned long long)u[2]); break;
    }
}

static void test_catalog_texts(void **state)
{
    struct row_failures failures = {0};
    struct fake_outer *outer = create_outer();
    ID3D12InfoQueue *queue = queue_of(outer);
    char text[1024], line[1200], id_name[32];
    unsigned int i, j;

    (void)state;
    /* Every catalog entry has a row here. */
    for (j = 0; j < dbg_catalog_count; ++j)
    {
        for (i = 0; i < ARRAY_SIZE(catalog_rows); ++i)
        {
            if ((uint32_t)catalog_rows[i].id == dbg_catalog[j].id)
                break;
        }
        if (i == ARRAY_SIZE(catalog_rows))
            row_fail(&failures, j, dbg_entry_name(&dbg_catalog[j]), "catalog entry %u has no test row", dbg_catalog[j].id);
    }
    for (i = 0; i < ARRAY_SIZE(catalog_rows); ++i)
    {
        const struct catalog_row *r = &catalog_rows[i];
        const struct dbg_catalog_entry *entry = dbg_catalog_find((uint32_t)r->id);
        D3D12_MESSAGE m;

        if (!entry)
        {
            snprintf(id_name, sizeof(id_name), "id %u", (unsigned)r->id);
            row_fail(&failures, i, id_name, "not in the catalog");
            continue;
        }
        ID3D12InfoQueue_ClearStoredMessages(queue);
        report_row(outer->dbg, r);
        if (ID3D12InfoQueue_GetNumStoredMessages(queue) != 1)
        {
            row_fail(&failures, i, dbg_entry_name(entry), "%llu messages stored, expected 1",
                    (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(queue));
            continue;
        }
        message_at(queue, 0, &m, text, sizeof(text));
        if (strcmp(text, r->expected))
            row_fail(&failures, i, dbg_entry_name(entry), "\n got  \"%s\"\n want \"%s\"", text, r->expected);
        if (m.ID != r->id || m.Category != entry->category || m.Severity != entry->severity
                || m.DescriptionByteLength != strlen(r->expected) + 1)
            row_fail(&failures, i, dbg_entry_name(entry), "id %d category %d severity %d length %zu", m.ID, m.Category,
                    m.Severity, (size_t)m.DescriptionByteLength);
        snprintf(line, sizeof(line), "D3D12 %s: %s [ %s %s #%u: %s]\n", dbg_severity_name(entry->severity),
                r->expected, dbg_category_name(entry->category), dbg_severity_name(entry->severity),
                (unsigned)r->id, dbg_entry_name(entry));
        if (strcmp(last_line, line))
            row_fail(&failures, i, dbg_entry_name(entry), "debug output\n got  \"%s\"\n want \"%s\"", last_line, line);
    }
    /* Our ids sit above every id Microsoft declared (END = 1478 at preview 721). */
    for (j = 0; j < dbg_catalog_count; ++j)
    {
        if (dbg_catalog[j].id > 1478 && dbg_catalog[j].id < 65536)
            row_fail(&failures, j, dbg_entry_name(&dbg_catalog[j]), "catalog id %u is in Microsoft's range", dbg_catalog[j].id);
    }
    destroy_outer(outer);
    rows_done(&failures);
}

static void test_message_names(void **state)
{
    static const struct { uint32_t id; const char *name; } rows[] =
    {
        {0, "UNKNOWN"},
        {1, "STRING_FROM_APPLICATION"},
        {274, "LIVE_DEVICE"},
        {318, "DEVICE_CHECKFEATURESUPPORT_MISMATCHED_DATA_SIZE"},
        {1425, "FENCE_BARRIERS_NOT_SUPPORTED"},
        {1477, "DEPTH_STENCIL_FORMAT_UNUSED"},
        {1478, NULL},
        {65536, "CHECKFEATURESUPPORT1_CAP_CLAMPED"},
        {70000, NULL},
    };
    struct row_failures failures = {0};
    char row_name[16];
    unsigned int i;

    (void)state;
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        const char *name = dbg_message_id_name(rows[i].id);

        snprintf(row_name, sizeof(row_name), "id %u", rows[i].id);
        if (rows[i].name ? !name || strcmp(name, rows[i].name) : name != NULL)
            row_fail(&failures, i, row_name, "%s, expected %s", name ? name : "(null)",
                    rows[i].name ? rows[i].name : "(null)");
    }
    rows_done(&failures);
}

/* ---- stderr, for real: a pipe in place of fd 2 ---- */
static void test_stderr_output(void **state)
{
    static const char expected[] = "D3D12 ERROR: Simulated adapter profile failed to load: boom "
            "[ INITIALIZATION ERROR #65543: MOCKD3D12_PROFILE_LOAD_FAILED]\n";
    char buffer[512];
    int fds[2], saved;
    ssize_t n;

    (void)state;
    dbg_set_output_hook(NULL, NULL);
    assert_int_equal(pipe(fds), 0);
    fflush(stderr);
    saved = dup(2);
    dup2(fds[1], 2);
    dbg_report_global(D3D12_MESSAGE_ID_MOCKD3D12_PROFILE_LOAD_FAILED, "boom");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    close(fds[1]);
    n = read(fds[0], buffer, sizeof(buffer) - 1);
    close(fds[0]);
    assert_true(n > 0);
    buffer[n] = 0;
    assert_string_equal(buffer, expected);
}

/* ---- Without the layer, nothing ---- */
static void test_no_layer_no_output(void **state)
{
    (void)state;
    dbg_report(NULL, D3D12_MESSAGE_ID_CHECKFEATURESUPPORT_DEPRECATED, 620u, 721u);
    dbg_report(NULL, D3D12_MESSAGE_ID_MOCKD3D12_PROFILE_LOAD_FAILED, "x");
    assert_int_equal(line_count, 0);
}

/* ---- ID3D12DebugDevice1/2 ---- */
static void test_debug_device_parameters(void **state)
{
    struct fake_outer *outer;
    ID3D12DebugDevice2 *dev2;
    ID3D12DebugDevice1 *dev1;
    D3D12_DEBUG_DEVICE_GPU_BASED_VALIDATION_SETTINGS gbv;
    D3D12_DEBUG_FEATURE mask = D3D12_DEBUG_FEATURE_CONSERVATIVE_RESOURCE_STATE_TRACKING;
    D3D12_DEBUG_FEATURE bad_mask = (D3D12_DEBUG_FEATURE)0x10;
    D3D12_DEBUG_DEVICE_GPU_SLOWDOWN_PERFORMANCE_FACTOR slow = {2.5f};
    const struct
    {
        const char *name;
        D3D12_DEBUG_DEVICE_PARAMETER_TYPE type;
        const void *data;
        UINT size;
        HRESULT hr;
    } rows[] =
    {
        {"feature flags", D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS, &mask, sizeof(mask), S_OK},
        {"feature flags, short", D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS, &mask, 2, E_INVALIDARG},
        {"feature flags, unknown bit", D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS, &bad_mask, sizeof(bad_mask),
                E_INVALIDARG},
        {"slowdown", D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR, &slow, sizeof(slow), S_OK},
        {"slowdown, NULL", D3D12_DEBUG_DEVICE_PARAMETER_GPU_SLOWDOWN_PERFORMANCE_FACTOR, NULL, sizeof(slow),
                E_INVALIDARG},
        {"unknown type", (D3D12_DEBUG_DEVICE_PARAMETER_TYPE)3, &slow, sizeof(slow), E_INVALIDARG},
    };
    struct row_failures failures = {0};
    ID3D12Debug *debug;
    unsigned int i;

    (void)state;
    /* GPU-based validation set before the device: reported by its parameters. */
    assert_int_equal(dbg_get_debug_interface(&IID_ID3D12Debug3, (void **)&debug), S_OK);
    ID3D12Debug3_SetEnableGPUBasedValidation((ID3D12Debug3 *)debug, TRUE);
    outer = create_outer();
    ID3D12Debug3_SetEnableGPUBasedValidation((ID3D12Debug3 *)debug, FALSE);
    ID3D12Debug_Release(debug);

    assert_int_equal(dbg_device_query_interface(outer->dbg, &IID_ID3D12DebugDevice2, (void **)&dev2), S_OK);
    assert_int_equal(dbg_device_query_interface(outer->dbg, &IID_ID3D12DebugDevice1, (void **)&dev1), S_OK);
    assert_int_equal(ID3D12DebugDevice2_GetDebugParameter(dev2, D3D12_DEBUG_DEVICE_PARAMETER_GPU_BASED_VALIDATION_SETTINGS,
            &gbv, sizeof(gbv)), S_OK);
    assert_int_equal(gbv.MaxMessagesPerCommandList, 256);
    assert_int_equal(gbv.DefaultShaderPatchMode, D3D12_GPU_BASED_VALIDATION_SHADER_PATCH_MODE_GUARDED_VALIDATION);
    assert_int_equal(ID3D12DebugDevice2_GetFeatureMask(dev2), D3D12_DEBUG_FEATURE_NONE);

    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        unsigned char readback[64];
        HRESULT hr = (i & 1) ? ID3D12DebugDevice1_SetDebugParameter(dev1, rows[i].type, rows[i].data, rows[i].size)
                : ID3D12DebugDevice2_SetDebugParameter(dev2, rows[i].type, rows[i].data, rows[i].size);

        if (hr != rows[i].hr)
            row_fail(&failures, i, rows[i].name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)rows[i].hr);
        if (FAILED(hr))
            continue;
        memset(readback, 0xcc, sizeof(readback));
        if (ID3D12DebugDevice1_GetDebugParameter(dev1, rows[i].type, readback, rows[i].size) != S_OK)
            row_fail(&failures, i, rows[i].name, "GetDebugParameter failed");
        else if (memcmp(readback, rows[i].data, rows[i].size) || readback[rows[i].size] != 0xcc)
            row_fail(&failures, i, rows[i].name, "read back something else");
    }
    rows_done(&failures);
    assert_int_equal(ID3D12DebugDevice2_GetFeatureMask(dev2), mask);
    assert_int_equal(ID3D12DebugDevice2_SetFeatureMask(dev2, bad_mask), E_INVALIDARG);
    assert_int_equal(ID3D12DebugDevice2_GetFeatureMask(dev2), mask);
    assert_int_equal(ID3D12DebugDevice2_GetDebugParameter(dev2, D3D12_DEBUG_DEVICE_PARAMETER_FEATURE_FLAGS, &gbv, 1),
            E_INVALIDARG);

    ID3D12DebugDevice1_Release(dev1);
    ID3D12DebugDevice2_Release(dev2);
    destroy_outer(outer);
}

static void test_report_live_objects(void **state)
{
    static const struct
    {
        const char *name;
        D3D12_RLDO_FLAGS flags;
        HRESULT hr;
        unsigned int count;
    } rows[] =
    {
        {"DETAIL", D3D12_RLDO_DETAIL, S_OK, 3},
        {"DETAIL | IGNORE_INTERNAL", D3D12_RLDO_DETAIL | D3D12_RLDO_IGNORE_INTERNAL, S_OK, 3},
        {"NONE", D3D12_RLDO_NONE, S_OK, 3},
        {"SUMMARY", D3D12_RLDO_SUMMARY, S_OK, 1},
        {"0x8", (D3D12_RLDO_FLAGS)0x8, E_INVALIDARG, 0},
    };
    struct row_failures failures = {0};
    struct fake_outer *outer = create_outer();
    ID3D12InfoQueue *queue = queue_of(outer);
    ID3D12DebugDevice *dev;
    char expected[3][160], text[256];
    D3D12_MESSAGE m;
    unsigned int i;

    (void)state;
    assert_int_equal(dbg_device_query_interface(outer->dbg, &IID_ID3D12DebugDevice, (void **)&dev), S_OK);
    snprintf(expected[0], sizeof(expected[0]), "Live ID3D12Device at 0x%016llX, Name: my dev, Refcount: 2",
            (unsigned long long)(uintptr_t)outer);
    snprintf(expected[1], sizeof(expected[1]), "\tLive ID3D12CommandQueue at 0x%016llX, Refcount: 1, IntRef: 0",
            (unsigned long long)(uintptr_t)&fake_queue);
    snprintf(expected[2], sizeof(expected[2]), "\tLive ID3D12Fence at 0x%016llX, Name: f\xc3\xa9, Refcount: 3, IntRef: 2",
            (unsigned long long)(uintptr_t)&fake_fence);
    for (i = 0; i < ARRAY_SIZE(rows); ++i)
    {
        static const D3D12_MESSAGE_ID ids[3] = {D3D12_MESSAGE_ID_LIVE_DEVICE, D3D12_MESSAGE_ID_LIVE_COMMANDQUEUE,
                D3D12_MESSAGE_ID_LIVE_OBJECT_SUMMARY};
        unsigned int j, lines = line_count;
        HRESULT hr;

        ID3D12InfoQueue_ClearStoredMessages(queue);
        hr = ID3D12DebugDevice_ReportLiveDeviceObjects(dev, rows[i].flags);
        if (hr != rows[i].hr || ID3D12InfoQueue_GetNumStoredMessages(queue) != rows[i].count
                || line_count - lines != rows[i].count)
        {
            row_fail(&failures, i, rows[i].name, "hr %#x, %llu messages", (unsigned)hr,
                    (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(queue));
            continue;
        }
        for (j = 0; j < rows[i].count; ++j)
        {
            message_at(queue, j, &m, text, sizeof(text));
            if (strcmp(text, expected[j]) || m.ID != ids[j] || m.Severity != D3D12_MESSAGE_SEVERITY_WARNING
                    || m.Category != D3D12_MESSAGE_CATEGORY_STATE_CREATION)
                row_fail(&failures, i, rows[i].name, "message %u: %d \"%s\"", j, m.ID, text);
        }
    }
    rows_done(&failures);
    ID3D12DebugDevice_Release(dev);
    destroy_outer(outer);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_debug_interfaces, setup, teardown),
        cmocka_unit_test_setup_teardown(test_debug_settings, setup, teardown),
        cmocka_unit_test_setup_teardown(test_debug_env, setup, teardown),
        cmocka_unit_test_setup_teardown(test_catalog_texts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_message_names, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stderr_output, setup, teardown),
        cmocka_unit_test_setup_teardown(test_no_layer_no_output, setup, teardown),
        cmocka_unit_test_setup_teardown(test_debug_device_parameters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_report_live_objects, setup, teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
