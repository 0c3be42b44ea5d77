/*
 * The libdxgi and libd3d11 exports and methods no other test called
 * (docs/coverage.md): mockd3d12_d3d11_fields, the factory's stereo and
 * occlusion registrations and SetPrivateDataInterface, the adapter's
 * content-protection registration, and the D3D11 device's exception mode,
 * GetImmediateContext1..3, CheckMultisampleQualityLevels1 and the context's
 * GetContextFlags. Linked against the shared libraries, as a client is.
 */
#define MK_TEST_D3D11
#include "mk_test.h"

static int setup(void **state)
{
    (void)state;
    mockd3d12_reset();
    assert_int_equal(mockd3d12_set_d3d11_runtime(0), S_OK);
    assert_int_equal(mockd3d12_set_machine_adapters(NULL, 0), S_OK);
    return 0;
}

static ID3D11Device5 *create_d3d11_device5(void)
{
    ID3D11Device *device = NULL;
    ID3D11Device5 *device5 = NULL;
    HRESULT hr;

    hr = D3D11CreateDevice(NULL, D3D_DRIVER_TYPE_HARDWARE, NULL, 0, NULL, 0, D3D11_SDK_VERSION, &device, NULL, NULL);
    assert_int_equal(hr, S_OK);
    assert_int_equal(ID3D11Device_QueryInterface(device, &IID_ID3D11Device5, (void **)&device5), S_OK);
    ID3D11Device_Release(device);
    return device5;
}

/* ---- mockd3d12_d3d11_fields: the count, the capacity, and every entry answers ---- */

static void test_d3d11_fields(void **state)
{
    struct row_failures failures = {0};
    mockd3d12_d3d11_field *fields, *few;
    ID3D11Device5 *device;
    UINT count, i, j;
    char name[160];

    (void)state;
    count = mockd3d12_d3d11_fields(NULL, 0);
    assert_true(count > 10);
    assert_int_equal(mockd3d12_d3d11_fields(NULL, 1000), count);
    fields = calloc(count, sizeof(*fields));
    assert_int_equal(mockd3d12_d3d11_fields(fields, count), count);

    /* A short buffer: the first entries, nothing past `capacity`. */
    few = calloc(4, sizeof(*few));
    memset(few, 0xcc, 4 * sizeof(*few));
    assert_int_equal(mockd3d12_d3d11_fields(few, 3), count);
    for (i = 0; i < 3; ++i)
    {
        snprintf(name, sizeof(name), "%s.%s", fields[i].feature ? fields[i].feature : "(null)",
                fields[i].member ? fields[i].member : "(null)");
        if (few[i].feature != fields[i].feature || few[i].member != fields[i].member
                || few[i].feature_value != fields[i].feature_value || few[i].offset != fields[i].offset
                || few[i].size != fields[i].size || few[i].struct_size != fields[i].struct_size
                || few[i].runtime != fields[i].runtime)
            row_fail(&failures, i, name, "the entry differs with capacity 3");
    }
    for (i = 0; i < sizeof(*few); ++i)
        assert_int_equal(((unsigned char *)&few[3])[i], 0xcc);
    free(few);

    device = create_d3d11_device5();
    for (i = 0; i < count; ++i)
    {
        const mockd3d12_d3d11_field *f = &fields[i];
        unsigned char buffer[256];
        HRESULT hr;

        snprintf(name, sizeof(name), "%s.%s", f->feature ? f->feature : "(null)", f->member ? f->member : "(null)");
        if (!f->feature || !f->member || !f->size || f->offset + f->size > f->struct_size
                || f->struct_size > sizeof(buffer))
        {
            /* Not a field the checks below can use. */
            row_fail(&failures, i, name, "offset %u size %u of %u", f->offset, f->size, f->struct_size);
            continue;
        }
        for (j = 0; j < i; ++j)
        {
            if (fields[j].feature_value == f->feature_value && fields[j].member && !strcmp(fields[j].member, f->member))
                row_fail(&failures, i, name, "listed twice (field %u too)", j);
        }
        /* The runtime the device was created with (the newest) answers the feature at that size. */
        memset(buffer, 0, sizeof(buffer));
        hr = ID3D11Device5_CheckFeatureSupport(device, f->feature_value, buffer, f->struct_size);
        if (hr != S_OK)
            row_fail(&failures, i, name, "CheckFeatureSupport %#x", (unsigned)hr);
        if (f->struct_size > 1)
        {
            hr = ID3D11Device5_CheckFeatureSupport(device, f->feature_value, buffer, f->struct_size - 1);
            if (hr != E_INVALIDARG)
                row_fail(&failures, i, name, "size - 1 gives %#x", (unsigned)hr);
        }
    }
    assert_int_equal(ID3D11Device5_Release(device), 0);
    free(fields);
    rows_done(&failures);
}

/* ---- The D3D11 device and context methods with fixed answers ---- */

static void test_d3d11_device_methods(void **state)
{
    static const struct
    {
        UINT flags;
        HRESULT hr;
    }
    exception_rows[] =
    {
        {0, S_OK},
        {D3D11_RAISE_FLAG_DRIVER_INTERNAL_ERROR, S_OK},
        {2, E_INVALIDARG},
        {~0u, E_INVALIDARG},
    };
    ID3D11DeviceContext *context, *context1, *context2, *context3;
    ID3D11DeviceContext4 *context4;
    struct row_failures failures = {0};
    ID3D11Device5 *device;
    UINT levels, i, row, mode;
    HRESULT hr;
    char name[64];

    (void)state;
    device = create_d3d11_device5();
    for (i = 0; i < ARRAY_SIZE(exception_rows); ++i)
    {
        snprintf(name, sizeof(name), "SetExceptionMode(%#x)", exception_rows[i].flags);
        if ((hr = ID3D11Device5_SetExceptionMode(device, exception_rows[i].flags)) != exception_rows[i].hr)
            row_fail(&failures, i, name, "hr %#x, expected %#x", (unsigned)hr, (unsigned)exception_rows[i].hr);
        /* No exceptions are ever raised: the mode reads back as none. */
        if ((mode = ID3D11Device5_GetExceptionMode(device)) != 0)
            row_fail(&failures, i, name, "GetExceptionMode %#x, expected 0", mode);
    }
    rows_done(&failures);

    /* GetImmediateContext1..3: the same context, one reference each. */
    ID3D11Device5_GetImmediateContext(device, &context);
    assert_non_null(context);
    ID3D11Device5_GetImmediateContext1(device, (ID3D11DeviceContext1 **)&context1);
    ID3D11Device5_GetImmediateContext2(device, (ID3D11DeviceContext2 **)&context2);
    ID3D11Device5_GetImmediateContext3(device, (ID3D11DeviceContext3 **)&context3);
    assert_ptr_equal(context1, context);
    assert_ptr_equal(context2, context);
    assert_ptr_equal(context3, context);
    assert_int_equal(get_refcount(context), 4);
    ID3D11DeviceContext_Release(context1);
    ID3D11DeviceContext_Release(context2);
    ID3D11DeviceContext_Release(context3);
    /* An immediate context: no flags (D3D11_CONTEXT_TYPE_ALL is deferred-only). */
    assert_int_equal(ID3D11DeviceContext_QueryInterface(context, &IID_ID3D11DeviceContext4, (void **)&context4), S_OK);
    assert_int_equal(ID3D11DeviceContext4_GetContextFlags(context4), 0);
    ID3D11DeviceContext4_Release(context4);
    ID3D11DeviceContext_Release(context);

    /* CheckMultisampleQualityLevels1 answers as CheckMultisampleQualityLevels. */
    for (i = 1, row = 0; i <= 8; i *= 2, ++row)
    {
        UINT levels0 = 0xcccccccc;

        snprintf(name, sizeof(name), "%u samples", i);
        levels = 0xcccccccc;
        if ((hr = ID3D11Device5_CheckMultisampleQualityLevels(device, DXGI_FORMAT_R8G8B8A8_UNORM, i, &levels0))
                != S_OK)
        {
            row_fail(&failures, row, name, "CheckMultisampleQualityLevels: %#x", (unsigned)hr);
            continue;
        }
        if ((hr = ID3D11Device5_CheckMultisampleQualityLevels1(device, DXGI_FORMAT_R8G8B8A8_UNORM, i, 0,
                &levels)) != S_OK)
        {
            row_fail(&failures, row, name, "CheckMultisampleQualityLevels1: %#x", (unsigned)hr);
            continue;
        }
        if (levels != levels0 || (i == 1 && levels != 1))
            row_fail(&failures, row, name, "%u levels, CheckMultisampleQualityLevels %u", levels, levels0);
    }
    assert_int_equal(ID3D11Device5_Release(device), 0);
    rows_done(&failures);
}

/* ---- DXGI: registrations the mock does not signal, private interfaces ---- */

static void test_dxgi_registrations(void **state)
{
    static const GUID guid = {0x1b0c1d4e, 0x2a3b, 0x4c5d, {0x8e, 0x9f, 0xa0, 0xb1, 0xc2, 0xd3, 0xe4, 0xf5}};
    HANDLE event = (HANDLE)(uintptr_t)0x1234;
    IDXGIFactory6 *factory, *object;
    IDXGIAdapter4 *adapter;
    IDXGIAdapter1 *adapter1;
    UINT size;
    DWORD cookie;

    (void)state;
    assert_int_equal(CreateDXGIFactory1(&IID_IDXGIFactory6, (void **)&factory), S_OK);

    /* Stereo and occlusion status: no cookie is an error; otherwise unsupported. */
    assert_int_equal(IDXGIFactory6_RegisterStereoStatusEvent(factory, event, NULL), E_INVALIDARG);
    cookie = 0xcccccccc;
    assert_int_equal(IDXGIFactory6_RegisterStereoStatusEvent(factory, event, &cookie), DXGI_ERROR_UNSUPPORTED);
    assert_int_equal(IDXGIFactory6_RegisterOcclusionStatusWindow(factory, (HWND)0, 0x400, NULL), E_INVALIDARG);
    assert_int_equal(IDXGIFactory6_RegisterOcclusionStatusWindow(factory, (HWND)0, 0x400, &cookie),
            DXGI_ERROR_UNSUPPORTED);
    IDXGIFactory6_UnregisterStereoStatus(factory, cookie);
    IDXGIFactory6_UnregisterOcclusionStatus(factory, cookie);

    /* SetPrivateDataInterface holds a reference until replaced. */
    assert_int_equal(CreateDXGIFactory1(&IID_IDXGIFactory6, (void **)&object), S_OK);
    assert_int_equal(IDXGIFactory6_SetPrivateDataInterface(factory, &guid, (IUnknown *)object), S_OK);
    assert_int_equal(get_refcount(object), 2);
    size = sizeof(void *);
    {
        IUnknown *got = NULL;

        assert_int_equal(IDXGIFactory6_GetPrivateData(factory, &guid, &size, &got), S_OK);
        assert_ptr_equal(got, object);
        IUnknown_Release(got);
    }
    assert_int_equal(IDXGIFactory6_SetPrivateDataInterface(factory, &guid, NULL), S_OK);
    assert_int_equal(get_refcount(object), 1);
    assert_int_equal(IDXGIFactory6_Release(object), 0);

    /* Content protection: a cookie, never signalled. */
    assert_int_equal(IDXGIFactory6_EnumAdapters1(factory, 0, &adapter1), S_OK);
    assert_int_equal(IDXGIAdapter1_QueryInterface(adapter1, &IID_IDXGIAdapter4, (void **)&adapter), S_OK);
    IDXGIAdapter1_Release(adapter1);
    assert_int_equal(IDXGIAdapter4_RegisterHardwareContentProtectionTeardownStatusEvent(adapter, NULL, &cookie),
            E_INVALIDARG);
    assert_int_equal(IDXGIAdapter4_RegisterHardwareContentProtectionTeardownStatusEvent(adapter, event, NULL),
            E_INVALIDARG);
    cookie = 0;
    assert_int_equal(IDXGIAdapter4_RegisterHardwareContentProtectionTeardownStatusEvent(adapter, event, &cookie),
            S_OK);
    assert_int_not_equal(cookie, 0);
    IDXGIAdapter4_UnregisterHardwareContentProtectionTeardownStatus(adapter, cookie);
    IDXGIAdapter4_Release(adapter);
    assert_int_equal(IDXGIFactory6_Release(factory), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] =
    {
        cmocka_unit_test_setup_teardown(test_d3d11_fields, setup, NULL),
        cmocka_unit_test_setup_teardown(test_d3d11_device_methods, setup, NULL),
        cmocka_unit_test_setup_teardown(test_dxgi_registrations, setup, NULL),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
