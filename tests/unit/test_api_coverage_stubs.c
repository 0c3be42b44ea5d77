/*
 * Every generated ID3D12Device* stub (tools/gen_device_stubs.py), called once
 * through the device's vtable with every argument zero or NULL: the result the
 * generator promises (E_NOTIMPL, a zeroed struct, 0 or nothing), COM out
 * pointers set to NULL, and, with the debug layer on, exactly one
 * D3D12_MESSAGE_ID_MOCKD3D12_UNIMPLEMENTED_METHOD naming the method and the
 * result. The call table is generated from the same rows as the stubs
 * (tools/gen_stub_calls.py, tests/coverage.cmake); test_table_spans_vtable
 * checks it against the header's ID3D12Device17Vtbl so a stub cannot slip out.
 */
#define MK_TEST_INTERNAL
#include "mk_test.h"

enum stub_kind
{
    STUB_NOT_CALLED,
    STUB_RETURNS_HRESULT,
    STUB_RETURNS_STRUCT,
    STUB_RETURNS_VALUE,
    STUB_RETURNS_NOTHING,
};

struct stub_outcome
{
    enum stub_kind kind;
    HRESULT hr;
    UINT64 value;
    size_t struct_size;
    unsigned char bytes[64];
    unsigned int out_pointers;     /* void ** arguments passed (each pointing at STUB_SENTINEL) */
    unsigned int out_pointers_set; /* of those, left non-NULL */
};

struct stub_row
{
    const char *method;  /* "ID3D12DeviceN::Method", as the debug message names it */
    const char *result;  /* as the debug message names it: "E_NOTIMPL", "a zeroed T", "0", "nothing" */
    void (*call)(ID3D12Device17 *device, struct stub_outcome *o);
};

#define STUB_SENTINEL ((void *)(uintptr_t)0xdeadbeef)

#include "device_stub_calls_gen.inc"

/* The stubs all sit in ID3D12Device ... ID3D12Device15, which every runtime
 * answers; the object has one vtable (ID3D12Device17's, src/device.c), so the
 * ID3D12Device15 pointer is used through the ID3D12Device17Vtbl type. */
static ID3D12Device17 *create_device17(void)
{
    ID3D12Device15 *device15 = NULL;
    ID3D12Device *device = NULL;
    HRESULT hr;

    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&device);
    if (FAILED(hr))
        fail_msg("D3D12CreateDevice: %#x (%s)", (unsigned)hr, mockd3d12_last_error());
    assert_int_equal(ID3D12Device_QueryInterface(device, &IID_ID3D12Device15, (void **)&device15), S_OK);
    assert_ptr_equal(device15, device);
    ID3D12Device_Release(device);
    return (ID3D12Device17 *)device15;
}

/* The promised result of one row, without the debug layer's part. */
static void check_outcome(struct row_failures *failures, unsigned index, const struct stub_row *row,
        const struct stub_outcome *o)
{
    static const unsigned char zero[sizeof(((struct stub_outcome *)0)->bytes)];

    if (!strcmp(row->result, "E_NOTIMPL"))
    {
        if (o->kind != STUB_RETURNS_HRESULT || o->hr != E_NOTIMPL)
            row_fail(failures, index, row->method, "kind %d, hr %#x, expected E_NOTIMPL", o->kind, (unsigned)o->hr);
    }
    else if (!strncmp(row->result, "a zeroed ", 9))
    {
        if (o->kind != STUB_RETURNS_STRUCT || !o->struct_size || o->struct_size > sizeof(o->bytes))
            row_fail(failures, index, row->method, "kind %d, struct size %zu", o->kind, o->struct_size);
        else if (memcmp(o->bytes, zero, o->struct_size))
            row_fail(failures, index, row->method, "the returned %s is not zeroed", row->result + 9);
    }
    else if (!strcmp(row->result, "0"))
    {
        if (o->kind != STUB_RETURNS_VALUE || o->value)
            row_fail(failures, index, row->method, "kind %d, value %#llx, expected 0", o->kind,
                    (unsigned long long)o->value);
    }
    else if (!strcmp(row->result, "nothing"))
    {
        if (o->kind != STUB_RETURNS_NOTHING)
            row_fail(failures, index, row->method, "kind %d, expected a void method", o->kind);
    }
    else
    {
        row_fail(failures, index, row->method, "unknown result \"%s\"", row->result);
    }
    if (o->out_pointers_set)
        row_fail(failures, index, row->method, "%u of %u out pointers left set", o->out_pointers_set, o->out_pointers);
}

/* Rows, hand-written methods, IUnknown's three and CheckFeatureSupport1 fill
 * ID3D12Device17Vtbl exactly; method names are unique. */
static void test_table_spans_vtable(void **state)
{
    struct row_failures failures = {0};
    size_t i, j, slots = sizeof(ID3D12Device17Vtbl) / sizeof(void *);

    (void)state;
    assert_true(ARRAY_SIZE(stub_rows) > 0);
    if (ARRAY_SIZE(stub_rows) + STUB_IMPLEMENTED_COUNT + 3 + 1 != slots)
        fail_msg("%zu stub rows + %d hand-written + 4 != %zu vtable slots", ARRAY_SIZE(stub_rows),
                STUB_IMPLEMENTED_COUNT, slots);
    for (i = 0; i < ARRAY_SIZE(stub_rows); ++i)
    {
        for (j = i + 1; j < ARRAY_SIZE(stub_rows); ++j)
        {
            if (!strcmp(stub_rows[i].method, stub_rows[j].method))
                row_fail(&failures, (unsigned)i, stub_rows[i].method, "row %zu has the same method", j);
        }
    }
    rows_done(&failures);
}

/* Without the debug layer: the same results, no InfoQueue to report to. */
static void test_stubs_layer_off(void **state)
{
    struct row_failures failures = {0};
    ID3D12Device17 *device = create_device17();
    IUnknown *queue = (IUnknown *)STUB_SENTINEL;
    size_t i;

    (void)state;
    assert_int_equal(device->lpVtbl->QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue), E_NOINTERFACE);
    assert_null(queue);
    for (i = 0; i < ARRAY_SIZE(stub_rows); ++i)
    {
        struct stub_outcome o;

        memset(&o, 0, sizeof(o));
        stub_rows[i].call(device, &o);
        check_outcome(&failures, (unsigned)i, &stub_rows[i], &o);
    }
    assert_int_equal(device->lpVtbl->Release(device), 0);
    rows_done(&failures);
}

/* With the debug layer: one UNIMPLEMENTED_METHOD warning per call, its text
 * data/messages.tsv's with the method and the result filled in. */
static void test_stubs_layer_on(void **state)
{
    struct row_failures failures = {0};
    ID3D12InfoQueue *queue;
    ID3D12Device17 *device;
    ID3D12Debug *debug;
    size_t i;

    (void)state;
    assert_int_equal(D3D12GetDebugInterface(&IID_ID3D12Debug, (void **)&debug), S_OK);
    ID3D12Debug_EnableDebugLayer(debug);
    ID3D12Debug_Release(debug);
    device = create_device17();
    assert_int_equal(device->lpVtbl->QueryInterface(device, &IID_ID3D12InfoQueue, (void **)&queue), S_OK);

    for (i = 0; i < ARRAY_SIZE(stub_rows); ++i)
    {
        const struct stub_row *row = &stub_rows[i];
        struct stub_outcome o;
        char expected[512];
        D3D12_MESSAGE *m;
        SIZE_T size = 0;

        ID3D12InfoQueue_ClearStoredMessages(queue);
        memset(&o, 0, sizeof(o));
        row->call(device, &o);
        check_outcome(&failures, (unsigned)i, row, &o);

        if (ID3D12InfoQueue_GetNumStoredMessages(queue) != 1)
        {
            row_fail(&failures, (unsigned)i, row->method, "%llu messages stored, expected 1",
                    (unsigned long long)ID3D12InfoQueue_GetNumStoredMessages(queue));
            continue;
        }
        assert_int_equal(ID3D12InfoQueue_GetMessage(queue, 0, NULL, &size), S_OK);
        m = malloc(size);
        assert_non_null(m);
        assert_int_equal(ID3D12InfoQueue_GetMessage(queue, 0, m, &size), S_OK);
        snprintf(expected, sizeof(expected), "%s is not implemented by mockd3d12 (it models capabilities, "
                "not GPU work); returning %s.", row->method, row->result);
        if (m->ID != D3D12_MESSAGE_ID_MOCKD3D12_UNIMPLEMENTED_METHOD || m->Severity != D3D12_MESSAGE_SEVERITY_WARNING
                || m->Category != D3D12_MESSAGE_CATEGORY_EXECUTION || strcmp(m->pDescription, expected))
            row_fail(&failures, (unsigned)i, row->method, "message id %d, severity %d, category %d, \"%s\"; "
                    "expected \"%s\"", (int)m->ID, (int)m->Severity, (int)m->Category, m->pDescription, expected);
        free(m);
    }
    ID3D12InfoQueue_Release(queue);
    assert_int_equal(device->lpVtbl->Release(device), 0);
    rows_done(&failures);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test(test_table_spans_vtable),
        cmocka_unit_test_setup_teardown(test_stubs_layer_off, quiet_setup, quiet_teardown),
        cmocka_unit_test_setup_teardown(test_stubs_layer_on, quiet_setup, quiet_teardown),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
